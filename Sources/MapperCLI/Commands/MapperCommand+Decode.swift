import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decode",
            abstract: "Map external JSON (an object or an array) to canonical JSON.",
            usage: """
                mapper decode MODEL [FILE]
                mapper decode --route URL [--method M] [--status N] [FILE]
                mapper decode --explain [--format text|json] MODEL [FILE]
                """,
            discussion: """
                Reads FILE, or stdin when FILE is missing or '-'. With --explain, prints instead of the \
                canonical JSON, for every canonical value, the input JSON pointer it came from, the \
                property's rule (file:line:column) and what was applied, then the input keys no \
                property read.
                """
        )

        @Argument(help: ArgumentHelp("The model to decode as (omit with --route).", valueName: "model"))
        var model: String?

        @Argument(help: ArgumentHelp("The JSON input (default: stdin).", valueName: "file"))
        var file: String?

        @Option(help: ArgumentHelp("Pick the model by matching this URL or path against the catalog's routes.", valueName: "url"))
        var route: String?

        @Option(help: ArgumentHelp("The HTTP method for --route (default: GET patterns and method-less ones).", valueName: "method"))
        var method: String?

        @Option(help: ArgumentHelp("The response status for --route: 400 and above use the routes' error_model.", valueName: "status"))
        var status: Int?

        @Flag(help: "Explain every canonical value instead of printing the canonical JSON.")
        var explain = false

        @Option(help: ArgumentHelp("With --explain: text (for people) or json (for tools).", valueName: "format"))
        var format: ExplainFormat?

        enum ExplainFormat: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @Flag(
            help: ArgumentHelp(
                "A partial document (PATCH): map only the keys present; no required, defaults or computed values; types, enums and constraints still apply."
            ))
        var partial = false

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var rejects: RejectOptions
        @OptionGroup var envelope: EnvelopeOptions
        @OptionGroup var arrays: ArrayOptions

        func validate() throws {
            try arrays.validate(with: data, envelope: envelope, rejects: rejects)
            if format != nil && !explain { throw ValidationError("--format goes with --explain.") }
            if explain && arrays.each != nil { throw ValidationError("--explain explains one document; it does not take --each.") }
            if explain && data.ndjson { throw ValidationError("--explain explains one document; it does not take --ndjson.") }
            if route == nil {
                guard model != nil else { throw ValidationError("Give the MODEL to decode as, or --route URL.") }
                if method != nil || status != nil { throw ValidationError("--method and --status go with --route.") }
            } else if model != nil && file != nil {
                throw ValidationError("With --route, give only the input FILE, not a MODEL.")
            }
        }

        func run() throws {
            let now = data.instant
            let partial = self.partial
            // With --route the only positional argument is the input file.
            let input = route != nil && file == nil ? model : file
            if explain {
                let json = format == .json
                try MappingRun(catalog: catalog, data: data, output: output, rejects: rejects, envelope: envelope).run(
                    file: input, models: modelNames
                ) {
                    session, models, bytes throws(MappingErrors) in
                    session.partial = partial
                    let explanation = try session.explain(bytes, as: models[0], now: now).1
                    return Array((json ? JSONWriter.write(explanation.jsonValue) : explanation.text).utf8)
                }
                return
            }
            try MappingRun(catalog: catalog, data: data, output: output, rejects: rejects, envelope: envelope, arrays: arrays.streaming)
                .run(
                    file: input, models: modelNames
                ) {
                    session, models, bytes throws(MappingErrors) in
                    session.partial = partial
                    return try session.decodeToCanonical(bytes, as: models[0], now: now)
                }
        }

        /// The model named, or the one the routes pick for --route.
        private func modelNames(in loaded: Catalog) throws -> [String] {
            guard let route else { return [try resolve(model!, in: loaded, reporting: data)] }
            guard let match = loaded.routes.match(route, method: method, status: status) else {
                try fail(loaded.routes.explainMiss(route, method: method, status: status, methodOption: "--method "), reporting: data)
            }
            return [match.model]
        }
    }
}
