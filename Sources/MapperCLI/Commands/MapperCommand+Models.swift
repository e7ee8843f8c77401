import ArgumentParser
import MapperKit
import MapperTooling

extension MapperCommand {
    struct Models: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "models",
            abstract: "List the catalog's models (properties with types and keys), enums, formats and routes.",
            discussion: """
                --format dot writes the model graph in Graphviz's language (properties to the models they hold, \
                unions, extends, variants with their cases, routes to models): \
                mapper models --format dot | dot -Tsvg > catalog.svg
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, dot
        }

        @Option(help: "Output format: text, json or dot (Graphviz).")
        var format: Format = .text

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let loaded = try catalog.load()
            switch format {
            case .json: output.write(loaded.descriptionJSON)
            case .text: Output.print(CatalogListing(catalog: loaded).text)
            case .dot: Output.write(Array(CatalogGraph(loaded).dot.utf8))
            }
        }
    }
}

/// The human-readable listing of `mapper models`.
struct CatalogListing {
    let catalog: Catalog

    var text: String {
        var lines: [String] = []
        lines.append("Models (\(catalog.modelNames.count))")
        for name in catalog.modelNames {
            guard let model = catalog.models[name] else { continue }
            var title = "  \(name)"
            if let base = model.base { title += " extends \(base)" }
            if model.version > 1 { title += " (version \(model.version))" }
            title += "  [\(model.mark)]"
            lines.append(title)
            if let doc = model.doc { lines.append("    \(doc)") }
            let width = model.properties.map(\.name.count).max() ?? 0
            let typeWidth = model.properties.map(\.type.description.count).max() ?? 0
            for property in model.properties {
                lines.append(
                    "    " + pad(property.name, width) + "  " + pad(property.type.description, typeWidth) + "  " + detail(property))
            }
            if let variants = model.variants { lines.append("    variants: " + describe(variants)) }
            for rule in model.rules { lines.append("    rule: \(rule.rule.source) — \(rule.message)") }
        }
        lines.append("")
        lines.append("Enums (\(catalog.enumNames.count))")
        for name in catalog.enumNames {
            guard let spec = catalog.enums[name] else { continue }
            let cases = spec.cases.map { item in
                var text = "\(item.name) = \(JSONWriter.write(item.json))"
                if !item.aliases.isEmpty { text += " (also \(item.aliases.map { JSONWriter.write($0) }.joined(separator: ", ")))" }
                return text
            }
            var line = "  \(name): " + cases.joined(separator: ", ")
            if let defaultCase = spec.defaultCase { line += "; default \(defaultCase)" }
            lines.append(line)
        }
        lines.append("")
        lines.append("Formats (\(catalog.formatNames.count))")
        for name in catalog.formatNames {
            guard let format = catalog.formats[name] else { continue }
            var line = "  \(name): \(format.style.rawValue) \"\(format.pattern)\", \(format.locale)"
            if let timeZone = format.timeZone { line += ", \(timeZone)" }
            lines.append(line)
        }
        lines.append("")
        lines.append("Routes (\(catalog.routes.routes.count))")
        for block in catalog.routes.blocks {
            var heading = "  \(block.file)"
            if !block.prefix.isEmpty { heading += ", prefix /\(block.prefix.joined(separator: "/"))" }
            if let errorModel = block.errorModel { heading += ", errors → \(errorModel)" }
            lines.append(heading)
            let width = block.routes.map(\.description.count).max() ?? 0
            for route in block.routes {
                lines.append("    " + pad(route.description, width) + "  → \(route.model)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func detail(_ property: PropertySpec) -> String {
        var parts: [String] = []
        // `decode:` computes the value without reading the key; `encode:` still writes it.
        if let key = property.key {
            if property.decode == nil {
                parts.append("← \(key)")
            } else if property.encode != nil {
                parts.append("→ \(key)")
            }
        }
        if property.flatten { parts.append("flattened") }
        if property.required { parts.append("required") }
        if let computed = property.computed {
            parts.append("computed: \(computed.rawValue)")
        } else if property.transient {
            parts.append("transient")
        }
        if let format = property.format { parts.append("format: \(format.name)") }
        if let representation = property.representation { parts.append("json: \(representation.rawValue)") }
        if let value = property.defaultValue { parts.append("default: \(JSONWriter.write(value))") }
        if property.merge != .replace { parts.append("merge: \(property.merge.rawValue)") }
        if !property.compare { parts.append("compare: false") }
        if !property.archive { parts.append("archive: false") }
        // As the catalog resolves it (the property's, its model's or its file's `defaults:`).
        if let omit = property.omit, omit != .never { parts.append("omit: \(omit.rawValue)") }
        if let transform = property.transform { parts.append("transform: \(transform)") }
        if let decode = property.decode { parts.append("decode: \(decode.source)") }
        if let encode = property.encode { parts.append("encode: \(encode.source)") }
        if property.isDecodeOnly { parts.append("decode-only (encode omits it)") }
        if let expression = property.defaultExpression { parts.append("default: {expr: \(expression.source)}") }
        return parts.joined(separator: ", ")
    }

    /// `type = "PushEvent" → PushEvent; has image_url → Picture; otherwise Event`.
    private func describe(_ variants: Variants) -> String {
        variants.choices.map { choice in
            choice.condition.map { "\($0) → \(choice.model)" } ?? "otherwise \(choice.model)"
        }.joined(separator: "; ")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
