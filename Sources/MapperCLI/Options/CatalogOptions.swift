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
        given(adding: extra) ?? [Self.defaultFolder]
    }

    /// The paths the arguments, the flags or `MAPPER_MAPPINGS` name; nil when none does.
    private func given(adding extra: [String]) -> [String]? {
        let given = extra + mappings
        if !given.isEmpty { return given }
        if let variable = ProcessInfo.processInfo.environment["MAPPER_MAPPINGS"], !variable.isEmpty {
            return variable.split(separator: ":").map(String.init)
        }
        return nil
    }

    /// `paths(adding:)`, when there is a catalog to load there: with no path given (no flag, no
    /// `MAPPER_MAPPINGS`) and no `Mappings/` folder here, says how to point at one and exits 2,
    /// instead of a file-system error about a folder the user never named.
    func existingPaths(adding extra: [String] = []) throws -> [String] {
        if let given = given(adding: extra) { return given }
        guard !FileManager.default.fileExists(atPath: Self.defaultFolder) else { return [Self.defaultFolder] }
        Output.error(Self.noCatalogMessage)
        throw ExitCode(2)
    }

    /// The folder a catalog is loaded from when nothing says otherwise.
    static let defaultFolder = "Mappings"

    /// What a command says when it finds no catalog.
    static var noCatalogMessage: String {
        let here = FileManager.default.currentDirectoryPath
        return """
            error: no catalog found: there is no \(defaultFolder)/ folder in \(here)
            hint: name the mapping files with --mappings PATH (or MAPPER_MAPPINGS=PATH, several joined by ':'), \
            run the command in the folder that holds \(defaultFolder)/, or create a starting catalog here with 'mapper init'
            """
    }

    var loadOptions: LoadOptions {
        LoadOptions(assumedTransformers: Set(assumedTransformers))
    }

    /// Loads the catalog or prints every diagnostic to stderr and exits (2 when files could not be
    /// read, 1 when they are wrong).
    func load(adding extra: [String] = [], replacing replacement: [String]? = nil) throws -> Catalog {
        let paths = try replacement ?? existingPaths(adding: extra)
        do {
            return KeptUntilExit.keep(try Catalog(paths: paths, options: loadOptions))
        } catch {
            for diagnostic in error.diagnostics { Output.error(diagnostic.description) }
            Output.error(error.diagnostics.summary)
            throw ExitCode(error.isIOFailure ? 2 : 1)
        }
    }
}
