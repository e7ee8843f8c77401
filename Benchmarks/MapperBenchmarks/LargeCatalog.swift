import CHeapUsage
import Foundation
import MapperKit

/// A catalog of about 2,000 models made from the real shapes of the bundled `Mappings/`: every
/// mapping file (GitHub, the events union, Twitter) copied under new names until there are
/// `models` models. Within a copy every model, enum and format is renamed (`Issue` → `IssueC7`,
/// `github_pacific_time` → `github_pacific_time_c7`), so its cross references (nested models,
/// enums, formats, `extends`, variants) stay the real ones; the first copy keeps its routes, the
/// others leave theirs out (they would repeat the patterns).
enum LargeCatalog {
    /// Writes the copies into `.build-bench-catalog` in the package (rewritten by every run, so
    /// runs leave no directories behind); its path and the number of models.
    static func write(models wanted: Int) -> (path: String, models: Int) {
        let source = Paths.package("Mappings")
        let bundled: Catalog
        do {
            bundled = try Catalog(paths: [source])
        } catch {
            Workload.fail("cannot load \(source): \(error)")
        }
        let names = Set(bundled.modelNames + bundled.enumNames + bundled.formatNames)
        let files = bundled.sources.map {
            (name: String($0.name.dropFirst(source.count + 1)), text: String(decoding: $0.bytes, as: UTF8.self))
        }
        let directory = URL(fileURLWithPath: Paths.package(".build-bench-catalog"))
        try? FileManager.default.removeItem(at: directory)
        var copies = 0
        while copies * bundled.modelNames.count < wanted {
            for file in files {
                if copies > 0 && file.name.hasSuffix("routes.yaml") { continue }
                let renamed = rename(file.text, names: names, copy: copies)
                let target = directory.appendingPathComponent("c\(copies)/\(file.name)")
                do {
                    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(renamed.utf8).write(to: target)
                } catch {
                    Workload.fail("cannot write \(target.path): \(error)")
                }
            }
            copies += 1
        }
        return (directory.path, copies * bundled.modelNames.count)
    }

    /// The text with every word that names a definition suffixed with the copy's mark: `C7` after
    /// model and enum names, `_c7` after format names (whose names are lower case).
    private static func rename(_ text: String, names: Set<String>, copy: Int) -> String {
        guard copy > 0 else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        var word = ""
        func flush() {
            if names.contains(word) {
                result += word + (word.first!.isUppercase ? "C\(copy)" : "_c\(copy)")
            } else {
                result += word
            }
            word = ""
        }
        for character in text {
            if character.isASCII && (character.isLetter || character.isNumber || character == "_") {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}

/// The bytes the C heap holds now: after minus before a load is the memory a loaded catalog keeps.
enum HeapUsage {
    static var bytesInUse: Int { Int(mapper_heap_bytes_in_use()) }
}
