import Foundation
import MapperKit

/// One workload: the same bytes for mapper and for the hand-written Codable model, read once,
/// outside the measured part. External documents are what an API returns; canonical documents
/// are mapper's output for them, the input of both encode benchmarks.
struct Workload {
    let name: String
    let catalog: Catalog
    let model: String
    let external: [[UInt8]]
    let externalData: [Data]
    let canonical: [[UInt8]]
    let canonicalData: [Data]
    let codableDecode: (Data) throws -> Data
    let codableEncode: (Data) throws -> Data

    /// `decodeToCanonical`'s `now` (no property here is computed from it): fixed, so that no clock
    /// is read per document.
    static let now = Instant(milliseconds: 1_767_225_600_000)

    /// Loads the documents, maps them with mapper and checks that the Codable model writes the same
    /// values in both directions; exits with a message when it does not.
    init<T: Codable>(
        _ name: String, catalog catalogPath: String, model: String, documents: [[UInt8]],
        codable: T.Type, externalDates: DateFormatter?
    ) {
        self.name = name
        self.model = model
        do {
            catalog = try Catalog(paths: [catalogPath])
        } catch {
            Self.fail("\(name): cannot load \(catalogPath): \(error)")
        }
        external = documents
        externalData = documents.map { Data($0) }
        var session = MappingSession(catalog: catalog)
        do {
            canonical = try documents.map { try session.decodeToCanonical($0, as: model, now: Self.now) }
        } catch {
            Self.fail("\(name): mapper cannot decode the workload as \(model): \(error)")
        }
        canonicalData = canonical.map { Data($0) }
        let coders = CodableCoders(externalDates: externalDates)
        codableDecode = { try coders.canonicalEncoder.encode(coders.externalDecoder.decode(T.self, from: $0)) }
        codableEncode = { try coders.externalEncoder.encode(coders.canonicalDecoder.decode(T.self, from: $0)) }
        checkAgreement(session: &session)
    }

    /// The honesty check: for every document, mapper and Codable give the same JSON values, in both
    /// directions. Key order is not compared (JSONEncoder on Linux writes keys in hash order), and
    /// a member whose value is null counts as absent (mapper writes a null it read, §9; a Codable
    /// optional cannot tell null from absent).
    private func checkAgreement(session: inout MappingSession) {
        for index in external.indices {
            let label = external.count == 1 ? name : "\(name) document \(index + 1)"
            do {
                let codable = try codableDecode(externalData[index])
                try Self.requireSameValues(canonical[index], Array(codable), "\(label), decode")
                let mapperExternal = try session.encodeCanonical(canonical[index], as: model)
                let codableExternal = try codableEncode(canonicalData[index])
                try Self.requireSameValues(mapperExternal, Array(codableExternal), "\(label), encode")
            } catch let failure as Disagreement {
                Self.fail(failure.description)
            } catch {
                Self.fail("\(label): \(error)")
            }
        }
    }

    struct Disagreement: Error, CustomStringConvertible {
        let description: String
    }

    private static func requireSameValues(_ mapper: [UInt8], _ codable: [UInt8], _ label: String) throws {
        let left = try JSONSerialization.jsonObject(with: Data(mapper), options: [.fragmentsAllowed])
        let right = try JSONSerialization.jsonObject(with: Data(codable), options: [.fragmentsAllowed])
        if let path = firstDifference(left, right, path: "") {
            throw Disagreement(
                description: """
                    \(label): mapper and Codable disagree at \(path.isEmpty ? "/" : path)
                      mapper:  \(String(decoding: mapper.prefix(600), as: UTF8.self))
                      Codable: \(String(decoding: codable.prefix(600), as: UTF8.self))
                    """)
        }
    }

    /// The JSON Pointer of the first difference, nil when the values are the same.
    private static func firstDifference(_ left: Any, _ right: Any, path: String) -> String? {
        switch (left, right) {
        case (let left as [String: Any], let right as [String: Any]):
            let leftMembers = left.filter { !($0.value is NSNull) }
            let rightMembers = right.filter { !($0.value is NSNull) }
            for key in Set(leftMembers.keys).union(rightMembers.keys).sorted() {
                guard let leftValue = leftMembers[key], let rightValue = rightMembers[key] else { return "\(path)/\(key)" }
                if let difference = firstDifference(leftValue, rightValue, path: "\(path)/\(key)") { return difference }
            }
            return nil
        case (let left as [Any], let right as [Any]):
            guard left.count == right.count else { return path }
            for (index, (leftValue, rightValue)) in zip(left, right).enumerated() {
                if let difference = firstDifference(leftValue, rightValue, path: "\(path)/\(index)") { return difference }
            }
            return nil
        case (let left as String, let right as String):
            return left == right ? nil : path
        case (is NSNull, is NSNull):
            return nil
        case (let left as NSNumber, let right as NSNumber):
            return left == right ? nil : path
        default:
            return path
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(1)
    }
}

/// Where the package's files are: the benchmarks read the bundled `Mappings/` and `Examples/`,
/// and their own `Resources/`, from the source tree.
enum Paths {
    static let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let package = benchmarks.deletingLastPathComponent().deletingLastPathComponent()

    static func resource(_ name: String) -> String { benchmarks.appendingPathComponent("Resources/\(name)").path }
    static func package(_ path: String) -> String { package.appendingPathComponent(path).path }

    static func read(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { Workload.fail("cannot read \(path)") }
        return Array(data)
    }

    /// The non-empty lines of an NDJSON file.
    static func lines(_ path: String) -> [[UInt8]] {
        read(path).split(separator: UInt8(ascii: "\n")).map(Array.init)
    }
}
