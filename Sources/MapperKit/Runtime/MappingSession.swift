import Foundation
import MapperSupport

/// The result of decoding: a JSON object gives one model, a JSON array gives models (with `nil`
/// where the array held `null`).
public enum Decoded: Sendable, Hashable {
    case model(Model)
    case array([Model?])

    /// The model, when the input was an object.
    public var model: Model? {
        if case .model(let model) = self { return model }
        return nil
    }
}

/// A reusable worker over a catalog that keeps its scratch space (token tape, slots, output
/// buffer) between documents: what the CLI and the service use per line and per request.
///
/// Not `Sendable`: give each thread or task its own session; the catalog itself is shared.
///
/// ```swift
/// var session = MappingSession(catalog: catalog)
/// let canonical = try session.decodeToCanonical(Array(line.utf8), as: "Issue")
/// ```
public struct MappingSession {
    /// The catalog the session decodes and encodes with; model names are looked up in it.
    public let catalog: Catalog
    var tape = JSONTape()
    var reader: ValueReader
    private var transcoder: CanonicalTranscoder
    private var encodeTranscoder: EncodeTranscoder
    var encoder: ModelEncoder
    var output = JSONOutput()
    /// Off in tests and fuzz targets that compare the transcoders with the general reader and encoder.
    package var usesTranscoder = true

    /// When set, `on_error` is ignored: a value that does not convert is an error, as with
    /// `on_error: fail` (`--strict`, `?strict=true`).
    public var strict: Bool {
        get { !reader.lenient }
        set { reader.lenient = !newValue }
    }

    /// With a seed, `computed: uuid` values are derived from the seed and the document's bytes
    /// (the n-th UUID of a document: the first 16 bytes of SHA-256(seed ‖ 0x00 ‖ document ‖ 0x00 ‖
    /// n as 8 bytes big-endian), as a version-8 UUID), so mapping the same document again gives the
    /// same output (`--uuid-seed`). Nil (the default): random version-4 UUIDs.
    public var uuidSeed: String? {
        get { reader.uuids.seed.map { String(decoding: $0, as: UTF8.self) } }
        set { reader.uuids.seed = newValue.map { Array($0.utf8) } }
    }

    /// What encoding leaves out where the catalog's `omit` says nothing (`--omit`, `?omit=`):
    /// nil or `.never` writes every member.
    public var omit: OmitPolicy? {
        get { encoder.omit }
        set {
            encoder.omit = newValue
            encodeTranscoder.omit = newValue
        }
    }

    /// Whether documents are partial (PATCH, `--partial`, `?partial=true`): only the keys present
    /// are mapped; `required` is not enforced, defaults are not applied and computed values are not
    /// generated; types, enums and constraints still apply to the values present; a variant without
    /// its discriminator is the declared model. In `merge`, only the source is partial.
    public var partial: Bool {
        get { reader.partial }
        set { reader.partial = newValue }
    }

    /// The warnings of the last document decoded: values that did not convert and that their
    /// property's `on_error` turned into null, the default or nothing. Same shape as errors.
    public var warnings: [MappingError] { reader.warnings }

    /// A session over `catalog`; its scratch space grows with the documents it handles and is reused.
    public init(catalog: Catalog) {
        self.catalog = catalog
        reader = ValueReader(table: catalog.table, mode: .external, now: Instant(milliseconds: 0))
        transcoder = CanonicalTranscoder(table: catalog.table)
        encodeTranscoder = EncodeTranscoder(table: catalog.table)
        encoder = ModelEncoder(table: catalog.table)
        transcoder.uuids = reader.uuids
    }

    /// Reports unknown keys and enum values that fell back to `default` as they are seen.
    public mutating func observe(
        unknownKeys: @escaping @Sendable ([String], _ model: String) -> Void,
        enumFallback: @escaping @Sendable (_ enumName: String, _ value: String) -> Void
    ) {
        reader.observer = DecodeObserver(unknownKeys: unknownKeys, enumFallback: enumFallback)
        transcoder.observer = reader.observer
    }

    // MARK: - Models

    /// External JSON (an object or an array of objects) → models.
    public mutating func decode(_ bytes: some Collection<UInt8>, as model: String, now: Instant? = nil) throws(MappingErrors) -> Decoded {
        try read(bytes, as: catalog.requireType(model), mode: .external, now: now ?? .now)
    }

    /// Canonical JSON → models, strictly: unknown property names, non-canonical values and
    /// missing required properties are errors.
    public mutating func readCanonical(_ bytes: some Collection<UInt8>, as model: String) throws(MappingErrors) -> Decoded {
        try read(bytes, as: catalog.requireType(model), mode: .canonical, now: .now)
    }

    mutating func readCanonical(_ bytes: some Collection<UInt8>, as model: String, family: String) throws(MappingErrors) -> Decoded {
        reader.family = family
        defer { reader.family = nil }
        return try read(bytes, as: catalog.requireType(model), mode: .canonical, now: .now)
    }

    /// Models → canonical JSON; `model` is the declared type (its variants decide `$type`).
    public func canonicalJSON(_ decoded: Decoded, as model: String) throws(MappingErrors) -> [UInt8] {
        let type = try catalog.requireType(model)
        try Self.requireKind(decoded, of: type)
        var output = JSONOutput()
        CanonicalWriter.write(decoded, declared: type, into: &output)
        return output.bytes
    }

    /// Models → external JSON (the reverse mapping).
    public mutating func encode(_ decoded: Decoded, as model: String) throws(MappingErrors) -> [UInt8] {
        let type = try catalog.requireType(model)
        try Self.requireKind(decoded, of: type)
        output.reset()
        encoder.encode(decoded, root: type.name, into: &output)
        guard encoder.errors.isEmpty else { throw MappingErrors(encoder.errors) }
        return output.bytes
    }

    // MARK: - Bytes to bytes

    /// External JSON → canonical JSON, without handing models back.
    @inlinable
    public mutating func decodeToCanonical(
        _ bytes: some Collection<UInt8>, as model: String, now: Instant? = nil
    ) throws(MappingErrors) -> [UInt8] {
        // Inlined into the caller, so that only finding the bytes is generic.
        try Self.withContiguousBytes(bytes) { buffer throws(MappingErrors) in try decodeToCanonical(buffer: buffer, as: model, now: now) }
    }

    @usableFromInline
    mutating func decodeToCanonical(buffer: UnsafeRawBufferPointer, as model: String, now: Instant?) throws(MappingErrors) -> [UInt8] {
        let type = try catalog.requireType(model)
        let now = now ?? .now
        if type.spec.isRouteValue { return try decodeRouteValue(buffer, as: type, now: now) }
        try tokenize(buffer)
        output.reset()
        reader.warnings.removeAll(keepingCapacity: true)
        transcoder.now = now
        return try JSONDocument.with(bytes: buffer, tape: tape) { document throws(MappingErrors) in
            // Most documents go straight from tokens to canonical bytes; the rest (and every
            // document with an error) through models. Models with `on_error` take the fast
            // path too: a value that does not convert makes the transcoder give up, and the
            // general reader then applies `on_error` (so a document with warnings always goes
            // through models).
            if usesTranscoder, !reader.partial, transcoder.transcode(document, as: type, into: &output) { return output.bytes }
            let decoded = try read(document, as: type, mode: .external, now: now)
            CanonicalWriter.write(decoded, declared: type, into: &output)
            return output.bytes
        }
    }

    /// Canonical JSON → external JSON.
    @inlinable
    public mutating func encodeCanonical(_ bytes: some Collection<UInt8>, as model: String) throws(MappingErrors) -> [UInt8] {
        try Self.withContiguousBytes(bytes) { buffer throws(MappingErrors) in try encodeCanonical(buffer: buffer, as: model) }
    }

    @usableFromInline
    mutating func encodeCanonical(buffer: UnsafeRawBufferPointer, as model: String) throws(MappingErrors) -> [UInt8] {
        let type = try catalog.requireType(model)
        if type.spec.isRouteValue { return try encodeRouteValue(buffer, as: type) }
        if usesTranscoder {
            reader.warnings.removeAll(keepingCapacity: true)
            try tokenize(buffer)
            output.reset()
            if JSONDocument.with(bytes: buffer, tape: tape, { encodeTranscoder.transcode($0, as: type, into: &output) }) {
                return output.bytes
            }
        }
        let decoded = try read(buffer, as: type, mode: .canonical, now: .now)
        return try encode(decoded, as: model)
    }

    /// Decode as `source`, keep the properties `target` declares, encode as `target`.
    public mutating func convert(
        _ bytes: some Collection<UInt8>, from source: String, to target: String, now: Instant? = nil
    ) throws(MappingErrors) -> [UInt8] {
        let sourceType = try catalog.requireType(source)
        let targetType = try catalog.requireType(target)
        let decoded = try read(bytes, as: sourceType, mode: .external, now: now ?? .now)
        let converted: Decoded
        switch decoded {
        case .model(let model):
            converted = .model(try model.narrowed(to: targetType, pointer: ""))
        case .array(let models):
            var narrowed: [Model?] = []
            var errors: [MappingError] = []
            for (position, model) in models.enumerated() {
                guard let model else { narrowed.append(nil); continue }
                do throws(MappingErrors) {
                    narrowed.append(try model.narrowed(to: targetType, pointer: "/\(position)"))
                } catch {
                    errors += error.errors
                }
            }
            guard errors.isEmpty else { throw MappingErrors(Array(errors.prefix(MappingErrors.limit))) }
            converted = .array(narrowed)
        }
        return try encode(converted, as: target)
    }

    /// Models handed in by the embedding program must be of the declared model or extend it.
    private static func requireKind(_ decoded: Decoded, of type: ModelType) throws(MappingErrors) {
        let models: [(pointer: String, path: String, model: Model?)]
        switch decoded {
        case .model(let model): models = [("", type.name, model)]
        case .array(let array): models = array.enumerated().map { ("/\($0)", "\(type.name)[\($0)]", $1) }
        }
        for (pointer, path, model) in models {
            guard let model, !model.type.isKind(of: type.name) else { continue }
            throw MappingErrors([
                MappingError(
                    .typeMismatch, pointer: pointer, path: path,
                    message: "expected a model '\(type.name)', found a model '\(model.name)'", source: "")
            ])
        }
    }

    private mutating func read(
        _ bytes: some Collection<UInt8>, as type: ModelType, mode: ValueReader.Mode, now: Instant
    ) throws(MappingErrors) -> Decoded {
        try Self.withContiguousBytes(bytes) { buffer throws(MappingErrors) in
            try tokenize(buffer)
            return try JSONDocument.with(bytes: buffer, tape: tape) { document throws(MappingErrors) in
                try read(document, as: type, mode: mode, now: now)
            }
        }
    }

    /// Tokenizes a new document (every operation starts here, with the document's bytes).
    mutating func tokenize(_ bytes: UnsafeRawBufferPointer) throws(MappingErrors) {
        reader.uuids.begin(record: bytes)
        do {
            try JSONTokenizer.tokenize(bytes, into: &tape)
        } catch {
            throw MappingErrors([MappingError(invalidJSON: error)])
        }
    }

    private mutating func read(
        _ document: JSONDocument, as type: ModelType, mode: ValueReader.Mode, now: Instant
    ) throws(MappingErrors) -> Decoded {
        if type.spec.isRouteValue { throw Self.notAModel(type) }
        reader.mode = mode
        reader.uuids.rewind()
        reader.begin(root: type.name, now: now)
        let decoded = reader.readTop(document, as: type)
        guard let decoded, reader.errors.isEmpty else { throw MappingErrors(reader.errors) }
        return decoded
    }

    /// Runs `body` over the bytes, copied only when the collection is not contiguous.
    @inlinable
    static func withContiguousBytes<Result>(
        _ bytes: some Collection<UInt8>, _ body: (UnsafeRawBufferPointer) throws(MappingErrors) -> Result
    ) throws(MappingErrors) -> Result {
        let outcome = bytes.withContiguousStorageIfAvailable { buffer in
            Swift.Result { () throws(MappingErrors) in try body(UnsafeRawBufferPointer(buffer)) }
        }
        if let outcome { return try outcome.get() }
        return try Array(bytes).withUnsafeBytes { buffer in
            Swift.Result { () throws(MappingErrors) in try body(buffer) }
        }.get()
    }
}

extension MappingError {
    /// A syntax error of the input, with its line, column and byte offset.
    init(invalidJSON error: JSONSyntaxError) {
        self.init(.invalidJSON, pointer: error.pointer, path: "", message: "malformed JSON: \(error.description)", source: "")
        syntax = error
    }
}

extension Catalog {
    /// The compiled model named `name`.
    /// A route's body type (`[string]`, an enum's name when no model has it) gives its hidden model.
    public func modelType(named name: String) -> ModelType? {
        table.type(named: name) ?? table.type(named: Self.routeBodyModel(name))
    }

    /// The name of the hidden model of a route whose body is a value of the type `expression`
    /// (`ModelSpec.isRouteValue`): no declared model can have it.
    public static func routeBodyModel(_ expression: String) -> String { "route body " + expression }

    /// The model name closest to a misspelled one, if any is close.
    public func closestModel(to name: String) -> String? {
        Suggestion.closest(to: name, in: modelNames)
    }

    /// The compiled model, or an error naming the closest model.
    func requireType(_ name: String) throws(MappingErrors) -> ModelType {
        if let type = modelType(named: name) { return type }
        let hint = closestModel(to: name).map { "; did you mean '\($0)'?" } ?? ""
        throw MappingErrors([MappingError(.unknownModel, pointer: "", path: "", message: "unknown model '\(name)'\(hint)", source: "")])
    }

    /// External JSON → models. For many documents, reuse a `MappingSession`.
    public func decode(_ bytes: some Collection<UInt8>, as model: String, now: Instant? = nil) throws(MappingErrors) -> Decoded {
        var session = MappingSession(catalog: self)
        return try session.decode(bytes, as: model, now: now)
    }

    /// A JSON object → one model.
    public func decodeModel(_ bytes: some Collection<UInt8>, as model: String, now: Instant? = nil) throws(MappingErrors) -> Model {
        guard case .model(let decoded) = try decode(bytes, as: model, now: now) else {
            throw MappingErrors([
                MappingError(.invalidInput, pointer: "", path: model, message: "expected a JSON object, found an array", source: "")
            ])
        }
        return decoded
    }

    /// Canonical JSON → models.
    public func readCanonical(_ bytes: some Collection<UInt8>, as model: String) throws(MappingErrors) -> Decoded {
        var session = MappingSession(catalog: self)
        return try session.readCanonical(bytes, as: model)
    }

    /// Models → canonical JSON.
    public func canonicalJSON(_ decoded: Decoded, as model: String) throws(MappingErrors) -> [UInt8] {
        try MappingSession(catalog: self).canonicalJSON(decoded, as: model)
    }

    /// Models → external JSON.
    public func encode(_ decoded: Decoded, as model: String) throws(MappingErrors) -> [UInt8] {
        var session = MappingSession(catalog: self)
        return try session.encode(decoded, as: model)
    }
}

extension Instant {
    /// An RFC 3339 instant such as `2020-01-01T00:00:00Z`; nil when the text is not one.
    public init?(iso8601 text: String) {
        guard let instant = ISO8601.parse(text) else { return nil }
        self = instant
    }

    /// The current time, to the millisecond.
    public static var now: Instant {
        Instant(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
