public import MapperKit

/// The catalog as a graph: a node per model (its own properties as rows) and per route, and an
/// edge for every way one model leads to another. `mapper models --format dot` and the
/// playground draw it (`dot`).
///
/// ```swift
/// let graph = CatalogGraph(catalog)
/// graph.edges.filter { $0.kind == .extends }.map { "\($0.from) → \($0.to)" }   // ["model:Sub → model:Base"]
/// ```
public struct CatalogGraph: Sendable, Hashable {
    /// What an edge stands for.
    public enum EdgeKind: String, Sendable, Hashable, CaseIterable {
        /// A property whose type holds a model (alone, in an array or dictionary, or as the only
        /// model member of a union): from the property's row to the model.
        case property
        /// A property whose type is a union with several model members: from the property's row to
        /// each of them.
        case union
        /// `extends`: from the model to its base.
        case extends
        /// A variant: from the model with `variants` to the model a case (or the fallback) picks.
        case variant
        /// A route: from the route's node to the model it decodes with (or the block's error model).
        case route
    }

    /// A model or a route.
    public struct Node: Sendable, Hashable {
        /// Whether a node draws a model or a route.
        public enum Kind: String, Sendable, Hashable {
            case model, route
        }

        /// `model:Issue`, `route:3`: unique in the graph.
        public var id: String
        /// Whether the node is a model or a route.
        public var kind: Kind
        /// The model's name, or the route's pattern (`GET /repos/*/*/issues/#`).
        public var title: String
        /// A model's own properties (inherited ones are its base's), `name: type`.
        public var rows: [String]
        /// The model's `doc`, if any.
        public var doc: String?
    }

    /// A way one node leads to a model: through a property, a base, a variant or a route.
    public struct Edge: Sendable, Hashable {
        /// What the edge stands for.
        public var kind: EdgeKind
        /// The id of the node the edge leaves (a model or a route).
        public var from: String
        /// The row of `from` the edge leaves from (a property's index in `rows`), if any.
        public var row: Int?
        /// The id of the model the edge leads to (`model:Name`).
        public var to: String
        /// What picks the target: a variant's case (`type = "PushEvent"`, `otherwise`), a route's
        /// `errors`; empty otherwise.
        public var label: String
    }

    /// Every model, in declaration order, then every route and error-model entry, in file order.
    public var nodes: [Node]
    /// Every edge, grouped by the node it leaves, in the order the nodes are added.
    public var edges: [Edge]

    /// The graph of `catalog`: models in declaration order, then routes in file order.
    public init(_ catalog: Catalog) {
        nodes = []
        edges = []
        for name in catalog.modelNames {
            guard let model = catalog.models[name] else { continue }
            addModel(model)
        }
        for (index, block) in catalog.routes.blocks.enumerated() {
            for (position, route) in block.routes.enumerated() {
                let id = "route:\(index).\(position)"
                // A body that is not an object: the route node says its type, with edges to the
                // models the type holds.
                if let value = catalog.modelType(named: route.model)?.spec, value.isRouteValue, let type = value.properties.first?.type {
                    nodes.append(Node(id: id, kind: .route, title: "\(route.description): \(route.model)", rows: [], doc: nil))
                    for target in Self.models(in: type) {
                        edges.append(Edge(kind: .route, from: id, row: nil, to: Self.modelID(target), label: ""))
                    }
                    continue
                }
                nodes.append(Node(id: id, kind: .route, title: route.description, rows: [], doc: nil))
                edges.append(Edge(kind: .route, from: id, row: nil, to: Self.modelID(route.model), label: ""))
            }
            if let errorModel = block.errorModel {
                let id = "route:\(index).errors"
                let title = "error responses (\(block.file)" + (block.prefix.isEmpty ? ")" : ", /\(block.prefix.joined(separator: "/")))")
                nodes.append(Node(id: id, kind: .route, title: title, rows: [], doc: nil))
                edges.append(Edge(kind: .route, from: id, row: nil, to: Self.modelID(errorModel), label: "status ≥ 400"))
            }
        }
    }

    /// The node id of a model.
    public static func modelID(_ name: String) -> String { "model:\(name)" }

    private mutating func addModel(_ model: ModelSpec) {
        let id = Self.modelID(model.name)
        let own = model.properties.filter { $0.declaredIn == model.name }
        nodes.append(Node(id: id, kind: .model, title: model.name, rows: own.map { "\($0.name): \($0.type)" }, doc: model.doc))
        for (row, property) in own.enumerated() {
            let models = Self.models(in: property.type)
            // Several models in one type can only come from a union.
            let kind: EdgeKind = models.count > 1 ? .union : .property
            for target in models {
                edges.append(Edge(kind: kind, from: id, row: row, to: Self.modelID(target), label: ""))
            }
        }
        if let base = model.base {
            edges.append(Edge(kind: .extends, from: id, row: nil, to: Self.modelID(base), label: ""))
        }
        if let variants = model.variants {
            for choice in variants.choices {
                edges.append(
                    Edge(kind: .variant, from: id, row: nil, to: Self.modelID(choice.model), label: choice.condition ?? "otherwise"))
            }
        }
    }

    /// The distinct models a type mentions (alone, as elements or values, as union members), in order.
    private static func models(in type: TypeSpec) -> [String] {
        var names: [String] = []
        for case .model(let name) in type.leaves where !names.contains(name) { names.append(name) }
        return names
    }
}
