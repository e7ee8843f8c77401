import Foundation
import MapperYAML

/// The parse trees of mapping files kept from one check to the next, by file name and contents, so
/// that a check after a one-file edit (a language server's) parses that file only. A tree is the
/// YAML reader's output for exactly the same bytes under the same name and limits, so what the
/// compiler reads from it, and every diagnostic, is what a fresh parse would give.
///
/// Used by one check at a time (the language server's thread); the lock only guards against misuse.
package final class ParseCache: @unchecked Sendable {
    struct Entry {
        var bytes: [UInt8]
        var document: YAMLDocument
        var digest: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var limits: YAMLLimits?
    private let lock = NSLock()
    /// How many files the last check parsed (the others came from the cache): for tests.
    package private(set) var lastParsed = 0

    /// An empty cache.
    package init() {}

    /// One file's parse tree: the cached one when the cache holds this text under this name (and
    /// limits), else a new parse, kept for the next check. A language server reads the names of a
    /// file it edits (for completion) and checks it: both take one parse. While a check holds the
    /// cache the file is parsed apart, so that completion never waits for a check.
    package func document(named name: String, bytes: [UInt8], limits: YAMLLimits) -> YAMLDocument {
        guard lock.try() else { return YAML.parse(bytes, file: name, limits: limits) }
        defer { lock.unlock() }
        if self.limits == limits, let entry = entries[name], entry.bytes == bytes { return entry.document }
        let document = YAML.parse(bytes, file: name, limits: limits)
        if self.limits == limits { entries[name] = Entry(bytes: bytes, document: document, digest: Revision.digest(bytes)) }
        return document
    }

    /// Each source's parse tree and contents' digest: the cached ones for unchanged files, the
    /// others parsed (on every core). The cache then holds exactly these files.
    func documents(of sources: [Catalog.Source], limits: YAMLLimits) -> [(yaml: YAMLDocument, digest: UInt64)] {
        lock.lock()
        defer { lock.unlock() }
        if self.limits != limits { entries = [:] }
        self.limits = limits
        let known = sources.map { entries[$0.name] }
        let results = Array(zip(sources, known)).concurrentMap { source, entry -> (entry: Entry, parsed: Bool) in
            if let entry, entry.bytes == source.bytes { return (entry, false) }
            let document = YAML.parse(source.bytes, file: source.name, limits: limits)
            return (Entry(bytes: source.bytes, document: document, digest: Revision.digest(source.bytes)), true)
        }
        lastParsed = results.count(where: \.parsed)
        entries = Dictionary(zip(sources.map(\.name), results.map(\.entry)), uniquingKeysWith: { first, _ in first })
        return results.map { ($0.entry.document, $0.entry.digest) }
    }
}
