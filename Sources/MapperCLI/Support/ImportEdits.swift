import ArgumentParser
import MapperImport
import MapperKit

extension MapperCommand.Import.OpenAPI {
    /// The person's files in the output folder (those without the import's header), and the
    /// earlier import's.
    func readEdits() -> UserEdits { UserEdits.read(folder: out, generator: OpenAPIImport.generatedMarker) }

    /// The files an import writes: the mapping files, then the hidden base file when there is one.
    static func written(_ result: OpenAPIImport.Result) -> [(name: String, text: String)] {
        result.files + (result.baseFile.map { [$0] } ?? [])
    }

    /// Prints the edit conflicts and what MapperKit refuses in the person's files on stderr; exits 1
    /// when the catalog is left with two definitions or does not load with their files.
    func finishEdits(_ result: OpenAPIImport.Result) throws {
        for conflict in result.conflicts { Output.error(conflict.description) }
        for diagnostic in result.editDiagnostics { Output.error(diagnostic.description) }
        let errors = result.conflicts.count(where: \.isError)
        if errors > 0 {
            Output.error(
                "error: \(errors) of your definitions conflict with what the description changed: the catalog defines each twice until you bring the change into yours and run the import again"
            )
        }
        if !result.editDiagnostics.isEmpty {
            Output.error("error: your files in '\(out)' do not load with the new import (\(result.editDiagnostics.summary)): fix them")
        }
        if errors > 0 || !result.editDiagnostics.isEmpty { throw ExitCode(1) }
    }
}
