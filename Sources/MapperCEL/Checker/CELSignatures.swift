/// The CEL library's functions with their signatures, as editors show them
/// (`contains: string.contains(string) -> bool`).
package struct CELSignatures: Sendable {
    /// The function's name (`contains`, `timestamp`, `math.greatest`).
    package var name: String
    /// One line per overload: `string.contains(string) -> bool` or `size(string) -> int`.
    package var signatures: [String]

    /// Every function of the library, by name.
    package static let all: [CELSignatures] = Overloads.functionNames.map { name in
        CELSignatures(
            name: name,
            signatures: Overloads.named(name).map { overload in
                let parameters = overload.parameters.map { "\($0)" }
                let call =
                    overload.member && !parameters.isEmpty
                    ? "\(parameters[0]).\(name)(\(parameters.dropFirst().joined(separator: ", ")))"
                    : "\(name)(\(parameters.joined(separator: ", ")))"
                return "\(call) -> \(overload.result)"
            })
    }

    /// The function with this name.
    package static func named(_ name: String) -> CELSignatures? { all.first { $0.name == name } }
}
