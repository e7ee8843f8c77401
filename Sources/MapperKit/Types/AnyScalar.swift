import MapperCEL

/// The `any` type: any JSON value, kept as it was on both sides.
enum AnyScalar: ScalarType {
    static let type = TypeSpec.any
    static let name = "any"
    static let canonicalKinds = Set(JSONKind.allCases)
    static let celType = CELCheckedType.dyn
    static func holds(_ result: CELCheckedType) -> Bool { true }
}
