import Testing

import MapperJSON
@testable import MapperKit

/// Runs `body` on a session with the transcoders and on one without; both must give the same
/// bytes, or the same errors.
func expectBothPathsAgree(
    _ catalog: Catalog, _ input: String, _ body: (inout MappingSession, [UInt8]) throws(MappingErrors) -> [UInt8]
) {
    var fast = MappingSession(catalog: catalog)
    var general = MappingSession(catalog: catalog)
    general.usesTranscoder = false
    let bytes = Array(input.utf8)
    let a = Result { () throws(MappingErrors) in try body(&fast, bytes) }
    let b = Result { () throws(MappingErrors) in try body(&general, bytes) }
    switch (a, b) {
    case (.success(let x), .success(let y)):
        #expect(x == y, "\(input): \(String(decoding: x, as: UTF8.self)) vs \(String(decoding: y, as: UTF8.self))")
    case (.failure(let x), .failure(let y)):
        #expect(x == y, "\(input)")
    default:
        Issue.record("the paths disagree on \(input): \(a) vs \(b)")
    }
}

/// `expectBothPathsAgree` on decoding `input` as `model` (with a fixed `now`).
func expectDecodingAgrees(_ catalog: Catalog, _ input: String, as model: String) {
    expectBothPathsAgree(catalog, input) { session, bytes throws(MappingErrors) in
        try session.decodeToCanonical(bytes, as: model, now: Instant(milliseconds: 0))
    }
}

/// `expectBothPathsAgree` on encoding the canonical `input` as `model`.
func expectEncodingAgrees(_ catalog: Catalog, _ input: String, as model: String) {
    expectBothPathsAgree(catalog, input) { session, bytes throws(MappingErrors) in try session.encodeCanonical(bytes, as: model) }
}

/// The decoding transcoder alone: the canonical bytes, or nil when it leaves the document to the
/// general reader.
func transcodeAlone(_ bytes: [UInt8], as model: String, in catalog: Catalog) throws -> [UInt8]? {
    let type = try #require(catalog.table.type(named: model))
    var transcoder = CanonicalTranscoder(table: catalog.table)
    var output = JSONOutput()
    let taken = try JSONDocument.withDocument(bytes) { document in transcoder.transcode(document, as: type, into: &output) }
    return taken ? output.bytes : nil
}

/// The encoding transcoder alone: the external bytes, or nil when it leaves the document to the
/// general path.
func encodeAlone(_ bytes: [UInt8], as model: String, in catalog: Catalog) throws -> [UInt8]? {
    let type = try #require(catalog.table.type(named: model))
    var transcoder = EncodeTranscoder(table: catalog.table)
    var output = JSONOutput()
    let taken = try JSONDocument.withDocument(bytes) { document in transcoder.transcode(document, as: type, into: &output) }
    return taken ? output.bytes : nil
}
