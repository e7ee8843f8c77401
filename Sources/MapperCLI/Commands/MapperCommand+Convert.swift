import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "convert",
            abstract: "Decode external JSON as one model and encode it as another.",
            discussion: "Keeps the properties the target model declares. Reads FILE, or stdin when FILE is missing or '-'."
        )

        @Argument(help: ArgumentHelp("The model to decode the input as.", valueName: "from"))
        var from: String

        @Argument(help: ArgumentHelp("The model to encode the result as.", valueName: "to"))
        var to: String

        @Argument(help: ArgumentHelp("The JSON input (default: stdin).", valueName: "file"))
        var file: String?

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var omit: OmitOptions
        @OptionGroup var envelope: EnvelopeOptions
        @OptionGroup var arrays: ArrayOptions

        func validate() throws {
            try arrays.validate(with: data, envelope: envelope)
        }

        func run() throws {
            let policy = omit.policy
            let now = data.instant
            try MappingRun(catalog: catalog, data: data, output: output, envelope: envelope, arrays: arrays.streaming).run(
                file: file, models: [from, to]
            ) {
                session, models, bytes throws(MappingErrors) in
                session.omit = policy
                return try session.convert(bytes, from: models[0], to: models[1], now: now)
            }
        }
    }
}
