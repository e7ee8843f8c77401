import ArgumentParser
import Foundation
import MapperKit

/// Where the mapping files come from, shared by every command that loads a catalog.
struct CatalogOptions: ParsableArguments {
    @Option(
        name: .customLong("mappings"),
        help: ArgumentHelp(
            "A mapping file or a directory of them (repeatable). Default: $MAPPER_MAPPINGS, else Mappings/.",
            valueName: "path"))
    var mappings: [String] = []

    @Option(
        name: .customLong("assume-transformer"),
        help: ArgumentHelp(
            "Accept 'transform: NAME' without an implementation (repeatable).", valueName: "name"))
    var assumedTransformers: [String] = []

    /// The paths to load: the flags, else `MAPPER_MAPPINGS`, else `Mappings`.
    func paths(adding extra: [String] = []) -> [String] {
        let given = extra + mappings
        if !given.isEmpty { return given }
        if let variable = ProcessInfo.processInfo.environment["MAPPER_MAPPINGS"], !variable.isEmpty {
            return variable.split(separator: ":").map(String.init)
        }
        return ["Mappings"]
    }

    var loadOptions: LoadOptions {
        LoadOptions(assumedTransformers: Set(assumedTransformers))
    }

    /// Loads the catalog or prints every diagnostic to stderr and exits (2 when files could not be
    /// read, 1 when they are wrong).
    func load(adding extra: [String] = [], replacing replacement: [String]? = nil) throws -> Catalog {
        do {
            return KeptUntilExit.keep(try Catalog(paths: replacement ?? paths(adding: extra), options: loadOptions))
        } catch {
            for diagnostic in error.diagnostics { Output.error(diagnostic.description) }
            Output.error(error.diagnostics.summary)
            throw ExitCode(error.isIOFailure ? 2 : 1)
        }
    }
}
