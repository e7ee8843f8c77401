import Foundation

extension Array where Element: Sendable {
    /// `map` on every core: the results in the elements' order, each element transformed once.
    /// For independent work on many elements while a catalog loads (parsing its files, building
    /// its model plans).
    ///
    /// The elements are cut into chunks (eight per core, so that the threads finish together)
    /// that `DispatchQueue.concurrentPerform` hands to the calling thread and its pool's.
    func concurrentMap<Result>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let threads = Swift.min(cores, count)
        guard threads > 1 else { return map(transform) }
        let chunks = Swift.min(count, threads * 8)
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            withUnsafeBufferPointer { elements in
                // Each chunk initializes its own range of the output, once, and reads the
                // elements, which no thread writes: sharing the two pointers is safe.
                let shared = UncheckedSendable((elements: elements, output: buffer.baseAddress!))
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let (elements, output) = shared.value
                    for index in (chunk * elements.count / chunks)..<((chunk + 1) * elements.count / chunks) {
                        (output + index).initialize(to: transform(elements[index]))
                    }
                }
            }
            initialized = count
        }
    }

    /// `concurrentMap` over runs of consecutive elements (eight runs per core), in order: for
    /// work with a cost per run (a copy of some state) besides its cost per element.
    func concurrentMapRuns<Result>(_ transform: @Sendable (ArraySlice<Element>) -> Result) -> [Result] {
        let runs = Swift.min(count, 8 * cores)
        return (0..<runs).map { self[($0 * count / runs)..<(($0 + 1) * count / runs)] }.concurrentMap(transform)
    }

    /// Empties the array, freeing its elements on every core: for elements that are large trees,
    /// whose release walks every node. Each element the array held the last reference to is freed
    /// whole by one core.
    mutating func removeAllOnEveryCore() {
        let boxes = map(ReleaseBox.init)
        self = []
        _ = boxes.concurrentMap { $0.value = nil }
    }
}

/// One element on its way to being freed by `removeAllOnEveryCore` (each box is emptied by one
/// thread only).
private final class ReleaseBox<Value>: @unchecked Sendable {
    var value: Value?

    init(_ value: Value) {
        self.value = value
    }
}

/// The cores this process may use, read once: Foundation reads the cgroup's CPU quota files on
/// every `activeProcessorCount`, and a catalog load asks once per parallel step.
private let cores = ProcessInfo.processInfo.activeProcessorCount

/// A value shared with threads by a caller that guarantees they use it safely.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
