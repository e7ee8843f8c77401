import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Encode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "encode",
            abstract: "Map canonical JSON (an object or an array) back to the external JSON shape.",
            discussion: "Reads FILE, or stdin when FILE is missing or '-'."
        )

        @Argument(help: ArgumentHelp("The model of the canonical input.", valueName: "model"))
        var model: String

        @Argument(help: ArgumentHelp("The canonical JSON input (default: stdin).", valueName: "file"))
        var file: String?

        @Flag(
            help: ArgumentHelp(
                "A partial canonical document (PATCH): required properties and \"$type\" may be missing; only what is present is written."))
        var partial = false

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var omit: OmitOptions
        @OptionGroup var rejects: RejectOptions
        @OptionGroup var envelope: EnvelopeOptions
        @OptionGroup var arrays: ArrayOptions

        func validate() throws {
            try arrays.validate(with: data, envelope: envelope, rejects: rejects)
        }

        func run() throws {
            let policy = omit.policy
            let partial = self.partial
            try MappingRun(catalog: catalog, data: data, output: output, rejects: rejects, envelope: envelope, arrays: arrays.streaming)
                .run(
                    file: file, models: [model]
                ) {
                    session, models, bytes throws(MappingErrors) in
                    session.omit = policy
                    session.partial = partial
                    return try session.encodeCanonical(bytes, as: models[0])
                }
        }
    }
}
