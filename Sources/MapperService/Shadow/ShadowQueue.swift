import MapperKit
import MapperSupport

/// A request the live catalog answered, to be mapped again with the candidate.
struct ShadowJob: Sendable {
    enum Operation: String, Sendable {
        case decode, encode, convert
    }

    /// What the endpoint did, and with which models (`target` for convert).
    struct Request: Sendable {
        var operation: Operation
        var model: String
        var target: String?
        var now: Instant?
        /// The request's `?omit=` (encode, convert) and `?partial=true` (decode, encode): the
        /// candidate maps with them too.
        var omit: OmitPolicy? = nil
        var partial = false

        /// The `model` label: the model, or `From/To` for convert.
        var label: String { target.map { model + "/" + $0 } ?? model }
    }

    var request: Request
    var input: [UInt8]
    /// The live catalog's answer.
    var live: [UInt8]

    var size: Int { input.count + live.count }
}

/// The jobs waiting for the shadow worker: at most `capacity` of them and `byteCapacity` bytes
/// of input and output; what does not fit is dropped and counted (`mapper_shadow_dropped_total`).
///
/// Jobs are copied, as bytes, into one buffer allocated when the shadow starts, and read back out
/// by the worker. So a request allocates nothing to queue a job, the worker frees nothing a request
/// allocated (a `free` of another thread's memory takes that thread's malloc arena lock, which the
/// idle-priority worker could then hold while it is not running), and a request never waits for
/// the queue's lock: when the worker holds it, the job is dropped instead.
final class ShadowQueue: Sendable {
    static let capacity = 256
    static let byteCapacity = 16 << 20

    private let ring = Locked(Ring(capacity: ShadowQueue.byteCapacity))
    /// Jobs dropped; apart from `ring`, so that counting a drop never waits for the worker.
    private let dropped = Locked(0)
    private let metrics: ServiceMetrics

    init(metrics: ServiceMetrics) {
        self.metrics = metrics
    }

    /// False when the job was dropped: the queue is full, or the worker holds it at this instant.
    func offer(_ job: ShadowJob) -> Bool {
        let accepted =
            ring.withLockIfAvailable { ring in
                guard ring.jobs < Self.capacity, ring.used + job.encodedSize <= ring.capacity else { return false }
                job.encode(into: ring)
                ring.jobs += 1
                return true
            } ?? false
        if !accepted {
            dropped.withLock { $0 += 1 }
            metrics.recordShadowDrop()
        }
        return accepted
    }

    func take() -> ShadowJob? {
        let record: [UInt8]? = ring.withLock { ring in
            guard ring.jobs > 0 else { return nil }
            ring.jobs -= 1
            return ring.read(Int(ring.readLength()))
        }
        return record.flatMap(ShadowJob.init(decoding:))
    }

    /// Jobs waiting, and jobs dropped since the start.
    var counts: (pending: Int, dropped: Int) {
        (ring.withLock { $0.jobs }, dropped.withLock { $0 })
    }
}

/// A circular byte buffer of records, each a 4-byte length and that many bytes. Used only under
/// the queue's lock.
private final class Ring: @unchecked Sendable {
    let capacity: Int
    private let storage: UnsafeMutableRawBufferPointer
    private var start = 0
    private(set) var used = 0
    var jobs = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(byteCount: capacity, alignment: 8)
    }

    deinit {
        storage.deallocate()
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        var end = (start + used) % capacity
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = min(rest.count, capacity - end)
            UnsafeMutableRawBufferPointer(rebasing: storage[end..<end + count]).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: rest.prefix(count)))
            rest = rest.dropFirst(count)
            end = (end + count) % capacity
        }
        used += bytes.count
    }

    func write(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { write($0) }
    }

    func read(_ count: Int) -> [UInt8] {
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let chunk = min(count - done, capacity - start)
                UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[done..<done + chunk])).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: storage[start..<start + chunk]))
                done += chunk
                start = (start + chunk) % capacity
            }
            initialized = count
        }
        used -= count
        return bytes
    }

    func readLength() -> UInt32 {
        read(4).withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
    }
}

extension ShadowJob {
    /// The record's size in the ring: its length, then operation, `now` (a flag, its seconds and
    /// nanosecond: the candidate must see the very instant the live catalog did), omit, partial,
    /// model, target, input and the live output, each string or byte run after its 4-byte length.
    var encodedSize: Int {
        4 + 1 + 13 + 2 + 4 + request.model.utf8.count + 1 + 4 + (request.target?.utf8.count ?? 0) + 4 + input.count + 4 + live.count
    }

    fileprivate func encode(into ring: Ring) {
        ring.write(UInt32(encodedSize - 4))
        let now = request.now ?? Instant(seconds: 0)
        let omit = request.omit.flatMap { OmitPolicy.allCases.firstIndex(of: $0) }.map { UInt8($0) + 1 } ?? 0
        let header: (UInt8, UInt8, Int64, Int32, UInt8, UInt8) = (
            Self.operations.firstIndex(of: request.operation).map(UInt8.init) ?? 0, request.now == nil ? 0 : 1, now.seconds,
            now.nanosecond, omit, request.partial ? 1 : 0
        )
        withUnsafeBytes(of: header.0) { ring.write($0) }
        withUnsafeBytes(of: header.1) { ring.write($0) }
        withUnsafeBytes(of: header.2.littleEndian) { ring.write($0) }
        withUnsafeBytes(of: header.3.littleEndian) { ring.write($0) }
        withUnsafeBytes(of: header.4) { ring.write($0) }
        withUnsafeBytes(of: header.5) { ring.write($0) }
        func write(_ text: String) {
            ring.write(UInt32(text.utf8.count))
            if text.utf8.withContiguousStorageIfAvailable({ ring.write(UnsafeRawBufferPointer($0)) }) == nil {
                Array(text.utf8).withUnsafeBytes { ring.write($0) }
            }
        }
        write(request.model)
        withUnsafeBytes(of: UInt8(request.target == nil ? 0 : 1)) { ring.write($0) }
        write(request.target ?? "")
        ring.write(UInt32(input.count))
        input.withUnsafeBytes { ring.write($0) }
        ring.write(UInt32(live.count))
        live.withUnsafeBytes { ring.write($0) }
    }

    /// The job a record holds (nil for a record this code did not write).
    fileprivate init?(decoding record: [UInt8]) {
        var position = 0
        func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, record.count - position >= count else { return nil }
            defer { position += count }
            return record[position..<position + count]
        }
        func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            take(MemoryLayout<T>.size).map { bytes in bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(as: T.self)) } }
        }
        func run() -> ArraySlice<UInt8>? { integer(UInt32.self).flatMap { take(Int($0)) } }
        guard let operation = integer(UInt8.self), Int(operation) < Self.operations.count, let hasNow = integer(UInt8.self),
            let seconds = integer(Int64.self), let nanosecond = integer(Int32.self), let omit = integer(UInt8.self),
            Int(omit) <= OmitPolicy.allCases.count, let partial = integer(UInt8.self), let model = run(),
            let hasTarget = integer(UInt8.self), let target = run(), let input = run(), let live = run()
        else { return nil }
        self.init(
            request: Request(
                operation: Self.operations[Int(operation)], model: String(decoding: model, as: UTF8.self),
                target: hasTarget == 1 ? String(decoding: target, as: UTF8.self) : nil,
                now: hasNow == 1 ? Instant(seconds: seconds, nanosecond: Int64(nanosecond)) : nil,
                omit: omit == 0 ? nil : OmitPolicy.allCases[Int(omit) - 1], partial: partial == 1),
            input: Array(input), live: Array(live))
    }

    private static let operations: [Operation] = [.decode, .encode, .convert]
}
