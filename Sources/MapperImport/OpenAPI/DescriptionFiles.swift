import Foundation
import MapperKit
import MapperSupport
import MapperYAML

/// The files of an OpenAPI description, read once each as JSON values: YAML through our libyaml
/// reader, JSON through MapperKit's strict reader.
final class DescriptionFiles {
    /// The directory relative paths in warnings are relative to.
    let base: URL
    private var cache: [String: Result<JSONValue, ImportError>] = [:]

    init(base: URL) {
        self.base = base
    }

    /// A path relative to `base` for messages (`resources/droplets/models/droplet.yml`).
    func display(_ path: String) -> String {
        let prefix = base.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The file at an absolute path, read and parsed once.
    func value(at path: String) -> Result<JSONValue, ImportError> {
        if let cached = cache[path] { return cached }
        let result = Self.read(path: path, display: display(path))
        cache[path] = result
        return result
    }

    /// Makes `value` the content of the file at `path` from now on (an overlaid root file).
    func replace(_ path: String, with value: JSONValue) {
        cache[path] = .success(value)
    }

    static func read(path: String, display: String) -> Result<JSONValue, ImportError> {
        let bytes: [UInt8]
        do {
            bytes = try InputDescriptor.readFile(path)
        } catch {
            return .failure(.unreadable(error, location: display))
        }
        let firstByte = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if path.hasSuffix(".json") || firstByte == UInt8(ascii: "{") {
            do {
                return .success(try JSONValue(parsing: bytes))
            } catch {
                return .failure(
                    ImportError(
                        code: .invalidJSON, message: "not valid JSON: \(error.message)",
                        at: Mark(file: display, line: error.line, column: error.column)))
            }
        }
        let document = YAML.parse(bytes, file: display)
        if let error = document.errors.first {
            return .failure(
                ImportError(
                    code: .invalidYAML, message: "not valid YAML: \(error.message)",
                    at: error.mark))
        }
        guard let root = document.root else {
            return .failure(ImportError(code: .invalidYAML, message: "the file is empty", at: Mark(file: display, line: 1, column: 1)))
        }
        switch JSONValue.fromYAML(root) {
        case .success(let value): return .success(value)
        case .failure(let error):
            return .failure(
                ImportError(
                    code: .invalidYAML, message: "the value \(error.message)",
                    at: error.mark))
        }
    }
}
