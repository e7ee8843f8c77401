import ArgumentParser
import MapperService

/// Every command spells out its `commandName`: the one derived from the type's name costs a
/// `String(describing:)` of the type at every start, and each asks the runtime for protocol
/// conformances, a scan of all of them in a binary this large (milliseconds before any work).
@main
struct MapperCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapper",
        abstract: "Declarative JSON-to-JSON mapping: YAML models in, normalised JSON out.",
        discussion: """
            Mapping files are read from --mappings PATH (repeatable), else from the paths in \
            MAPPER_MAPPINGS (separated by ':'), else from Mappings/ in the working directory. \
            'mapper init' writes a starting catalog there, with a golden test.
            """,
        version: MapperVersion.description,
        subcommands: [
            Init.self, Validate.self, Models.self, Decode.self, Encode.self, Convert.self, Match.self, Merge.self, Diff.self, Compat.self,
            Archive.self, Unarchive.self, Replay.self,
            Schema.self, Test.self, Serve.self, Playground.self, Import.self, Infer.self, LSP.self,
        ]
    )
}
