import Foundation
public import MapperKit

/// Which rules of a catalog golden tests exercised: properties, defaults, union members, enum
/// cases, aliases and fallbacks, variant predicates, cases and fallbacks, routes, model rules
/// (holding, and seen failing) and `decode`/`encode`/default expressions, each with where it is
/// declared (what `mapper test --coverage` prints).
///
/// Coverage is derived after the fact, not recorded by the engine: each decode or encode test
/// that succeeded leaves its external and canonical JSON (`Exercise`), and `Coverage` walks the
/// catalog's models over those two documents side by side. A property is exercised when the
/// canonical object holds it, a default when the external object lacks the key the canonical one
/// has, an alias or an enum fallback when the external value is that alias or no case's value, a
/// union member when the canonical value has its kind, a variant choice when it is the first that
/// picks the external object (chosen by the rule decoding uses, `VariantPlan.choose`), a model rule
/// when a decode test's canonical object is of its model (so the rule held) and seen failing when an
/// `expect_error` test got a `rule-failed` error citing it, a `decode` expression when a decode
/// test's canonical object holds its property, a default expression when the external object also
/// lacks the key, an `encode` expression when an encode test's canonical object holds it. This keeps
/// the decode and encode paths untouched, so coverage costs nothing when it is off and cannot slow
/// the engine.
public struct Coverage: Sendable, Hashable {
    /// The kinds of rules counted, named as `mapper test --coverage` prints them.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case property, `default`, unionMember = "union-member", enumCase = "enum-case", alias
        case enumFallback = "enum-fallback", variantPredicate = "variant-predicate", variantCase = "variant-case"
        case variantFallback = "variant-fallback", route
        /// A model's rule, held by a decoded object.
        case rule
        /// A model's rule, seen failing (an `expect_error` test met by its `rule-failed` error).
        case ruleFailure = "rule-failure"
        /// A property's `decode`, `encode` or `default: {expr}` expression, evaluated.
        case expression
    }

    /// One rule and whether a test exercised it.
    public struct Item: Sendable, Hashable {
        /// What kind of rule it is.
        public var kind: Kind
        /// `Issue.title`, `Issue.state default`, `Issue.author | User`, `IssueState.closed`,
        /// `IssueState.closed alias "resolved"`, `IssueState default open`, `Event when has image_url`,
        /// `Event case type = "push"`, `Event fallback Event`, `GET /users/*`, `Booking "self.a > self.b"`
        /// (a rule), `Price.amount decode` (an expression).
        public var name: String
        /// Where the rule is declared.
        public var mark: Mark
        /// Whether some test exercised it.
        public var covered: Bool
    }

    /// The items of one mapping file.
    public struct File: Sendable, Hashable {
        /// The mapping file's name, as in diagnostics.
        public var file: String
        /// Its items, in order of lines.
        public var items: [Item]
        /// How many of its items tests exercised.
        public var covered: Int { items.count(where: \.covered) }
        /// `covered` as a percentage of the items (100 for a file without items).
        public var percent: Double { Coverage.percent(covered, of: items.count) }
        /// The items no test exercised.
        public var uncovered: [Item] { items.filter { !$0.covered } }
    }

    /// Every item, in catalog order (models, then enums, then routes), each file's in order of lines.
    public var items: [Item]

    /// How many items tests exercised.
    public var covered: Int { items.count(where: \.covered) }
    /// `covered` as a percentage of all items (100 for a catalog without items).
    public var percent: Double { Coverage.percent(covered, of: items.count) }

    /// The items grouped by the file that declares them, files in order of first appearance.
    public var files: [File] {
        var order: [String] = []
        var byFile: [String: [Item]] = [:]
        for item in items {
            if byFile[item.mark.file] == nil { order.append(item.mark.file) }
            byFile[item.mark.file, default: []].append(item)
        }
        return order.map { file in
            File(file: file, items: byFile[file]!.sorted { ($0.mark.line, $0.mark.column) < ($1.mark.line, $1.mark.column) })
        }
    }

    /// What one successful decode or encode test mapped.
    public struct Exercise: Sendable, Hashable {
        /// The model the test named.
        public var model: String
        /// The external JSON (a decode test's input, an encode test's output).
        public var external: JSONValue
        /// The canonical JSON (a decode test's output, an encode test's input).
        public var canonical: JSONValue
        /// The route a decode test named with `route:`.
        public var route: RouteTable.Route?
        /// Whether the test decoded (external → canonical) rather than encoded.
        public var decoded = true
        /// Where the rules are written whose `rule-failed` errors an `expect_error` test got (the
        /// two documents are null then).
        public var failedRules: Set<String> = []
    }

    /// Coverage of these items (as a report read back or merged from several runs).
    public init(items: [Item]) {
        self.items = items
    }

    /// The coverage of `catalog` by the exercises.
    public init(catalog: Catalog, exercises: [Exercise]) {
        var walk = CoverageWalk(catalog: catalog)
        for exercise in exercises { walk.visit(exercise) }
        items = walk.items
    }

    /// Several catalogs' coverage as one (`mapper test` runs groups of files against their own
    /// catalogs); an item declared at the same place counts as covered if any run covered it.
    public static func merged(_ parts: [Coverage]) -> Coverage {
        var items: [Item] = []
        var index: [String: Int] = [:]
        for item in parts.flatMap(\.items) {
            let key = "\(item.kind.rawValue) \(item.name) \(item.mark)"
            if let at = index[key] {
                items[at].covered = items[at].covered || item.covered
            } else {
                index[key] = items.count
                items.append(item)
            }
        }
        return Coverage(items: items)
    }

    static func percent(_ covered: Int, of total: Int) -> Double {
        total == 0 ? 100 : Double(covered) * 100 / Double(total)
    }

    /// `87.5`: one decimal, as printed and as written in JSON.
    public static func format(_ percent: Double) -> String {
        String(format: "%.1f", (percent * 10).rounded(.down) / 10)
    }
}

extension Coverage {
    /// The report as `mapper test --coverage --format json` writes it under `coverage`:
    ///
    /// ```json
    /// {"covered": 3, "total": 4, "percent": 75.0,
    ///  "files": [{"file": "Mappings/issues.yaml", "covered": 3, "total": 4, "percent": 75.0,
    ///             "uncovered": [{"kind": "alias", "name": "IssueState.closed alias \"resolved\"",
    ///                            "location": "Mappings/issues.yaml:9:14"}]}]}
    /// ```
    public var json: JSONValue {
        func summary(_ covered: Int, _ total: Int, _ percent: Double) -> [(String, JSONValue)] {
            [
                ("covered", .number(JSONNumber(Int64(covered)))), ("total", .number(JSONNumber(Int64(total)))),
                ("percent", .number(JSONNumber(Coverage.format(percent))!)),
            ]
        }
        let files: [JSONValue] = files.map { file in
            let uncovered: [JSONValue] = file.uncovered.map { item in
                ["kind": .string(item.kind.rawValue), "name": .string(item.name), "location": .string(item.mark.description)]
            }
            return .object(
                JSONObject(
                    ([("file", .string(file.file))] + summary(file.covered, file.items.count, file.percent)
                        + [("uncovered", .array(uncovered))]).map { JSONObject.Member(key: $0.0, value: $0.1) }))
        }
        return .object(
            JSONObject(
                (summary(covered, items.count, percent) + [("files", .array(files))])
                    .map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }

    /// Per file `covered/total percent%` and the uncovered items with their places, then the total.
    public var text: String {
        var lines: [String] = ["coverage:"]
        for file in files {
            lines.append("  \(file.file): \(file.covered)/\(file.items.count) (\(Coverage.format(file.percent))%)")
            for item in file.uncovered {
                lines.append("    \(item.mark): \(item.kind.rawValue) \(item.name) not exercised")
            }
        }
        lines.append("  total: \(covered)/\(items.count) (\(Coverage.format(percent))%)")
        return lines.joined(separator: "\n")
    }
}
