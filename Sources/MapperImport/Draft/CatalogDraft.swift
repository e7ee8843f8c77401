package import MapperKit

/// A catalog being generated, before it is written as YAML: what `mapper import openapi` and
/// `mapper infer` build.
package struct CatalogDraft: Sendable {
    /// The models, by name.
    package var models: [String: ModelDraft] = [:]
    /// The enums, by name.
    package var enums: [String: EnumDraft] = [:]
    /// Date formats the properties name (`date_only` for OpenAPI's `format: date`).
    package var formats: [String: FormatDraft] = [:]
    /// The `routes` blocks, one per group (file).
    package var routeBlocks: [RouteBlockDraft] = []

    /// An empty catalog.
    package init() {}
}

extension TypeSpec {
    /// The models and enums the type names, at any depth (`[string: Label] | Customer` names
    /// `Label` and `Customer`).
    var namedTypes: [String] {
        leaves.compactMap { leaf in
            switch leaf {
            case .model(let name), .enumeration(let name): return name
            default: return nil
            }
        }
    }
}

/// Value constraints of a property (`minimum`, `max_length`, `pattern`, …), as the language spells them.
package struct ConstraintsDraft: Sendable, Hashable {
    /// `minimum`; numbers keep their JSON text (`1`, `0.5`).
    package var minimum: JSONNumber?
    /// `maximum`.
    package var maximum: JSONNumber?
    /// `min_length`: of a string in characters, of an array or dictionary in elements.
    package var minLength: Int?
    /// `max_length`.
    package var maxLength: Int?
    /// `pattern`: a regular expression the whole string matches.
    package var pattern: String?

    /// No constraint.
    package init() {}

    /// Whether there is no constraint at all.
    package var isEmpty: Bool { self == ConstraintsDraft() }
}

/// A property of a model: what a line under `properties:` says.
package struct PropertyDraft: Sendable, Hashable {
    /// The property name (an identifier).
    package var name: String
    /// The JSON key it reads (one key, not a path).
    package var jsonKey: String
    /// Its type, one the engine has (`TypeSpec`): a scalar, a model or enum of the draft, or
    /// arrays, dictionaries and unions of them.
    package var type: TypeSpec
    /// Whether the key must be present and not null.
    package var required = false
    /// The `format` it is read and written with (`unix`, or a name of `CatalogDraft.formats`).
    package var format: String?
    /// Its value constraints.
    package var constraints = ConstraintsDraft()
    /// Its `doc`, as the input gives it.
    package var doc: String?
    /// Where it came from, for warnings (`file#/pointer`).
    package var origin: String

    /// An optional property without format, constraints or doc.
    package init(name: String, jsonKey: String, type: TypeSpec, origin: String) {
        self.name = name
        self.jsonKey = jsonKey
        self.type = type
        self.origin = origin
    }
}

/// A model's `variants`: which model a value is, by the value of one key.
package struct VariantsDraft: Sendable, Hashable {
    /// The JSON key of the discriminator.
    package var by: String
    /// Discriminator value (a string, number or boolean) → model, in order.
    package var cases: [(value: JSONValue, model: String)]

    /// Variants by the key `by`, with their cases in order.
    package init(by: String, cases: [(value: JSONValue, model: String)]) {
        self.by = by
        self.cases = cases
    }

    /// The same key and the same cases in the same order.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.by == rhs.by && lhs.cases.map(\.value) == rhs.cases.map(\.value) && lhs.cases.map(\.model) == rhs.cases.map(\.model)
    }

    /// Hashes the key and the cases in order.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(by)
        for entry in cases {
            hasher.combine(entry.value)
            hasher.combine(entry.model)
        }
    }
}

/// A model: what an entry under `models:` says.
package struct ModelDraft: Sendable, Hashable {
    /// The model name (a type name).
    package var name: String
    /// Its `doc`, as the input gives it.
    package var doc: String?
    /// The model it `extends`.
    package var extends: String?
    /// Its `unknown_keys` (`keep`), when not the default.
    package var unknownKeys: ModelSpec.UnknownKeys?
    /// Its own properties (not the inherited ones), in order.
    package var properties: [PropertyDraft] = []
    /// Its `variants`.
    package var variants: VariantsDraft?
    /// Where it came from, for warnings (`file#/pointer`, or the model name for an inferred one).
    package var origin: String

    /// A model without properties.
    package init(name: String, origin: String) {
        self.name = name
        self.origin = origin
    }
}

/// An enum: what an entry under `enums:` says.
package struct EnumDraft: Sendable, Hashable {
    /// A case: its name and the JSON value it stands for.
    package struct Case: Sendable, Hashable {
        /// The case name.
        package var name: String
        /// The JSON value (a string, number, boolean or object).
        package var value: JSONValue
    }

    /// The enum name (a type name).
    package var name: String
    /// Its `doc`, as the input gives it.
    package var doc: String?
    /// Its cases, in order.
    package var cases: [Case]
    /// The case any other value reads as (`default`), for open enums.
    package var defaultCase: String?
    /// Where it came from, for warnings (`file#/pointer`, or the enum name for an inferred one).
    package var origin: String

    /// A closed enum of `cases`.
    package init(name: String, cases: [Case], origin: String) {
        self.name = name
        self.cases = cases
        self.origin = origin
    }
}

/// A date format: what an entry under `formats:` says.
package struct FormatDraft: Sendable, Hashable {
    /// A TR35 date pattern.
    package var datePattern: String
}

/// A route: a method and path pattern mapped to the model of its response body.
package struct RouteDraft: Sendable, Hashable {
    /// The HTTP method, in capitals.
    package var method: String
    /// Segments with `*` and `#`: `/v2/droplets/#`.
    package var pattern: String
    /// The model the body (or each element of an array body) is.
    package var model: String
    /// Where it came from, for warnings (`file#/paths/…`).
    package var origin: String

    /// `GET /v2/droplets/#`: the route's key under `paths:`.
    package var key: String { "\(method) \(pattern)" }

    /// The models and enums the route names: its model, or those its body's type expression
    /// names (`[Status]`, `string | Customer`).
    package var names: [String] {
        model.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }
}

/// One `routes` block, written into the file of its group.
package struct RouteBlockDraft: Sendable, Hashable {
    /// The group (file stem) the block is written to.
    package var group: String
    /// The path the routes are served under (`api/1.0`), from the description's `servers`.
    package var prefix: String?
    /// The `error_model`: the model of the block's error responses.
    package var errorModel: String?
    /// The routes, in any order (the writer sorts them).
    package var routes: [RouteDraft]
}
