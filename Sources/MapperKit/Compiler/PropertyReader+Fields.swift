import MapperRegex
import MapperSupport
import MapperYAML

extension PropertyReader {
    /// `json: string | int`: numbers as strings, booleans as strings or 0/1.
    func readRepresentation(_ fields: Fields, into property: inout PropertySpec, compiler: inout CatalogCompiler) -> Bool {
        guard let node = fields["json"] else { return true }
        guard let word = compiler.word(node, what: "json representation", in: ["string", "int"], code: .invalidRepresentation) else {
            return false
        }
        // In a union or a collection, the hint applies to the members it fits.
        let leaves = property.type.leaves
        var allowed: [String] = []
        for leaf in leaves {
            switch leaf {
            case .int, .double, .decimal: allowed.append("string")
            case .bool: allowed += ["string", "int"]
            default: break
            }
        }
        guard allowed.contains(word) else {
            let type = leaves.count == 1 ? leaves[0] : property.type
            compiler.error(
                .invalidRepresentation, "'json: \(word)' does not apply to type '\(type)' of property '\(name)' of model '\(model)'",
                at: node.mark,
                hint: allowed.isEmpty
                    ? "only int, double, decimal and bool have a json representation"
                    : "type '\(type)' takes json: \(Array(Set(allowed)).sorted().joined(separator: " or "))")
            return false
        }
        property.representation = PropertySpec.Representation(rawValue: word)
        return true
    }

    /// `format:` names a built-in or defined date format for dates, a number format for numbers.
    func readFormat(_ fields: Fields, into property: inout PropertySpec, compiler: inout CatalogCompiler) -> Bool {
        guard let node = fields["format"], let name = compiler.text(node, what: "the format of property '\(name)'") else {
            return !fields.has("format")
        }
        // In a union or a collection, the format applies to the members it fits.
        let leaves = property.type.leaves
        let hasDate = leaves.contains(.date)
        let hasDay = leaves.contains(.localDate)
        guard hasDate || hasDay || leaves.contains(where: \.isNumber) else {
            let type = leaves.count == 1 ? leaves[0] : property.type
            compiler.error(
                .inapplicableField, "'format' does not apply to type '\(type)' of property '\(self.name)' of model '\(model)'",
                at: fields.keyMark("format") ?? node.mark, hint: "formats apply to date, local_date, int, double and decimal")
            return false
        }
        guard let reference = compiler.formatReference(name, at: node.mark, for: "property '\(self.name)' of model '\(model)'") else {
            return false
        }
        var dayOnly = false
        if case .date(let formatName) = reference { dayOnly = compiler.formats[formatName]?.dayPattern != nil }
        if reference.isDate ? !hasDate && !(hasDay && dayOnly) : !leaves.contains(where: \.isNumber) {
            compiler.error(
                .formatTypeMismatch, Self.formatMismatch(name, reference, property: self.name, model: model, type: property.type),
                at: node.mark,
                hint: hasDay && !hasDate
                    ? "a calendar date takes a date format whose pattern has only day fields, such as \"dd.MM.yyyy\""
                    : hasDate
                        ? "use a date format (iso8601, unix, unix_ms, unix_us, unix_ns or one with 'date:')"
                        : "use a format with 'number:'")
            return false
        }
        if hasDate, !hasDay, dayOnly {
            compiler.warning(
                .dayOnlyDate,
                "property '\(self.name)' of model '\(model)' is a 'date' (an instant) but format '\(name)' names only a day: "
                    + "it reads midnight in the format's time zone and drops the time of day on encode",
                at: node.mark, hint: "use 'type: local_date' for calendar days")
        }
        property.format = reference
        return true
    }

    private static func formatMismatch(
        _ name: String, _ reference: FormatReference, property: String, model: String, type: TypeSpec
    ) -> String {
        let kind = reference.isDate ? "a date format" : "a number format"
        guard reference.isDate, type.leaves.contains(.localDate) else {
            return "format '\(name)' is \(kind), but property '\(property)' of model '\(model)' has type '\(type)'"
        }
        return "format '\(name)' does not name only a day, but property '\(property)' of model '\(model)' has type '\(type)'"
    }

    /// `merge:` strategy, checked against the type it combines.
    func readMerge(_ fields: Fields, into property: inout PropertySpec, compiler: inout CatalogCompiler) -> Bool {
        guard let node = fields["merge"] else { return true }
        guard
            let word = compiler.word(node, what: "merge strategy", in: MergeStrategy.allCases.map(\.rawValue), code: .unknownMergeStrategy),
            let strategy = MergeStrategy(rawValue: word)
        else { return false }
        let type = property.type
        let fits: Bool
        let needs: String
        switch strategy {
        case .replace, .keep:
            fits = true
            needs = ""
        case .sum:
            fits = type.isNumber
            needs = "a number type (int, double, decimal)"
        case .max, .min:
            fits = type.isNumber || type == .date || type == .localDate
            needs = "a number, date or local_date type"
        case .append, .union:
            if case .array = type { fits = true } else { fits = false }
            needs = "an array type"
        case .deep:
            if case .model = type { fits = true } else { fits = false }
            needs = "a model type"
        }
        guard fits else {
            compiler.error(
                .invalidMergeStrategy, "merge strategy '\(word)' needs \(needs), but property '\(name)' of model '\(model)' is '\(type)'",
                at: node.mark)
            return false
        }
        property.merge = strategy
        return true
    }

    /// `min_length`, `max_length`, `minimum`, `maximum`, `pattern`.
    func readConstraints(_ fields: Fields, into property: inout PropertySpec, compiler: inout CatalogCompiler) -> Bool {
        var ok = true
        let type = property.type
        // A union's constraints apply to the members they fit (the value's own kind decides).
        let alternatives = type.alternatives
        let hasLength = alternatives.contains { $0 == .string || $0.isCollection }
        func applies(_ field: String, _ fits: Bool, _ types: String) -> Node? {
            guard let node = fields[field] else { return nil }
            guard fits else {
                compiler.error(
                    .inapplicableField, "'\(field)' does not apply to type '\(type)' of property '\(name)' of model '\(model)'",
                    at: fields.keyMark(field) ?? node.mark, hint: "'\(field)' applies to \(types)")
                ok = false
                return nil
            }
            return node
        }
        let lengthTypes = "string, arrays and dictionaries"
        if let node = applies("min_length", hasLength, lengthTypes) {
            property.constraints.minLength = compiler.integer(node, what: "min_length", minimum: 0)
            ok = ok && property.constraints.minLength != nil
        }
        if let node = applies("max_length", hasLength, lengthTypes) {
            property.constraints.maxLength = compiler.integer(node, what: "max_length", minimum: 0)
            ok = ok && property.constraints.maxLength != nil
        }
        if let low = property.constraints.minLength, let high = property.constraints.maxLength, low > high {
            compiler.error(
                .invalidRange, "min_length \(low) of property '\(name)' of model '\(model)' is greater than its max_length \(high)",
                at: fields["min_length"]?.mark ?? keyMark)
            ok = false
        }
        for field in ["minimum", "maximum"] {
            guard let node = applies(field, alternatives.contains(where: \.isNumber), "int, double and decimal") else { continue }
            guard let scalar = node.scalar, scalar.kind == .int || scalar.kind == .float,
                let number = JSONValue.jsonNumber(yaml: scalar)
            else {
                compiler.error(
                    .invalidValue, "\(field) of property '\(name)' of model '\(model)' must be a number, not \(node.kindDescription)",
                    at: node.mark)
                ok = false
                continue
            }
            if field == "minimum" { property.constraints.minimum = number } else { property.constraints.maximum = number }
        }
        if let low = property.constraints.minimum, let high = property.constraints.maximum, JSONNumber.compare(low, high) > 0 {
            compiler.error(
                .invalidRange, "minimum \(low) of property '\(name)' of model '\(model)' is greater than its maximum \(high)",
                at: fields["minimum"]?.mark ?? keyMark)
            ok = false
        }
        if let node = applies("pattern", alternatives.contains(.string), "string"),
            let source = compiler.string(node, what: "the pattern of property '\(name)'")
        {
            do {
                if let compiled = compiler.compiledPatterns[source] {
                    property.constraints.pattern = compiled
                } else {
                    let compiled = try Pattern(source)
                    compiler.compiledPatterns[source] = compiled
                    property.constraints.pattern = compiled
                }
            } catch {
                let what = "pattern '\(source)' of property '\(name)' of model '\(model)'"
                if let construct = error.construct {
                    compiler.error(
                        .invalidPattern, "\(what) uses \(error.description)", at: node.mark,
                        hint: "rewrite the pattern without \(construct)")
                } else {
                    compiler.error(.invalidPattern, "\(what) is not a valid regular expression: \(error.description)", at: node.mark)
                }
                ok = false
            }
        }
        return ok
    }
}
