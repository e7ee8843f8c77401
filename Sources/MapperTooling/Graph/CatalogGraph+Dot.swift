import MapperKit

extension CatalogGraph {
    /// The graph in Graphviz's DOT language, left to right: models as tables of their own
    /// properties (an edge leaves from the property's row), routes as notes. Each edge kind has
    /// its own look (`EdgeKind`); `mapper models --format dot | dot -Tsvg > catalog.svg` draws it.
    public var dot: String {
        var lines = [
            "digraph catalog {",
            "  graph [rankdir=LR, bgcolor=transparent, nodesep=0.25, ranksep=0.7, fontname=\"\(Self.font)\"];",
            "  node [fontname=\"\(Self.font)\", fontsize=11];",
            "  edge [fontname=\"\(Self.font)\", fontsize=9, arrowsize=0.7];",
        ]
        for node in nodes {
            lines.append("  " + Self.statement(for: node))
        }
        for edge in edges {
            let from = Self.quoted(edge.from) + (edge.row.map { ":\"p\($0)\":e" } ?? "")
            var attributes = Self.look(of: edge.kind)
            if !edge.label.isEmpty { attributes.append("label=\(Self.quoted(edge.label))") }
            attributes.append("class=\"\(edge.kind.rawValue)\"")
            lines.append("  \(from) -> \(Self.quoted(edge.to)) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static let font = "Helvetica,Arial,sans-serif"

    private static func statement(for node: Node) -> String {
        switch node.kind {
        case .model:
            var table = ##"<table border="0" cellborder="1" cellspacing="0" cellpadding="4" color="#b7c3d0">"##
            table += ##"<tr><td bgcolor="#2f5d8a" port="title"><font color="#ffffff"><b>\##(html(node.title))</b></font></td></tr>"##
            for (index, row) in node.rows.enumerated() {
                table += ##"<tr><td align="left" bgcolor="#ffffff" port="p\##(index)">\##(html(row))</td></tr>"##
            }
            table += "</table>"
            var attributes = ["shape=plain", "label=<\(table)>"]
            if let doc = node.doc { attributes.append("tooltip=\(quoted(doc))") }
            return "\(quoted(node.id)) [\(attributes.joined(separator: ", "))];"
        case .route:
            return
                "\(quoted(node.id)) [shape=note, style=filled, fillcolor=\"#fff6dc\", color=\"#c9a227\", fontsize=10, label=\(quoted(node.title))];"
        }
    }

    /// How an edge of each kind is drawn.
    private static func look(of kind: EdgeKind) -> [String] {
        switch kind {
        case .property: return ["color=\"#4b5d73\""]
        case .union: return ["color=\"#0d8577\"", "style=dashed", "arrowhead=veevee"]
        case .extends: return ["color=\"#7048a8\"", "style=bold", "arrowhead=empty", "arrowsize=1"]
        case .variant: return ["color=\"#c05a22\"", "fontcolor=\"#c05a22\"", "style=dashed"]
        case .route: return ["color=\"#b08a12\"", "fontcolor=\"#8a6c0d\""]
        }
    }

    /// A DOT quoted string: `"model:Issue"` (one line).
    static func quoted(_ text: String) -> String {
        var escaped = "\""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n", "\r": escaped += " "
            default: escaped.append(character)
            }
        }
        return escaped + "\""
    }

    /// Text inside an HTML-like label.
    static func html(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
