import Foundation
import MapperSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--jobs N` with N > 1: a reader thread cuts the input into chunks of whole lines, N worker
/// threads map them (each with its own `ChunkMapper`, so its own session; the catalog is shared),
/// and the calling thread hands the mapped chunks to `write` in input order.
///
/// Memory stays constant: the reader waits while `capacity` chunks are read and not yet written,
/// so a slow worker (or a slow stdout) holds the reader back instead of letting chunks pile up.
final class ChunkPipeline: @unchecked Sendable {
    enum Outcome {
        case mapped(MappedChunk)
        case readFailed(InputDescriptor.Failure)
    }

    private let capacity: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let readerWakes = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let workersWake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let writerWakes = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var work: [(sequence: Int, bytes: [UInt8])] = []
    private var done: [Int: Outcome] = [:]
    private var inFlight = 0
    private var total: Int?
    private var stopped = false

    private init(capacity: Int) {
        self.capacity = capacity
        pthread_mutex_init(mutex, nil)
        for condition in [readerWakes, workersWake, writerWakes] { pthread_cond_init(condition, nil) }
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        for condition in [readerWakes, workersWake, writerWakes] {
            pthread_cond_destroy(condition)
            condition.deallocate()
        }
    }

    /// Maps the input with `jobs` workers; `write` gets every chunk in order on this thread. A
    /// read failure comes back after the chunks before it were written; an error thrown by
    /// `write` stops the threads (the reader may be blocked reading: it is not waited for) and
    /// is rethrown.
    static func run(
        jobs: Int, reader: some ChunkReader, makeMapper: @escaping @Sendable () -> ChunkMapper,
        write: (MappedChunk) throws -> Void
    ) throws -> InputDescriptor.Failure? {
        let pipeline = ChunkPipeline(capacity: 2 * jobs + 1)
        start { pipeline.read(reader) }
        for _ in 0..<jobs {
            start {
                var mapper = makeMapper()
                while let (sequence, bytes) = pipeline.take() {
                    pipeline.complete(sequence, .mapped(mapper.map(bytes)))
                }
            }
        }
        defer { pipeline.stop() }
        var sequence = 0
        while let outcome = pipeline.result(sequence) {
            switch outcome {
            case .mapped(let chunk): try write(chunk)
            case .readFailed(let failure): return failure
            }
            sequence += 1
        }
        return nil
    }

    private static func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        // As deep as the main thread's: documents nest up to 512 levels.
        thread.stackSize = 8 << 20
        thread.start()
    }

    // MARK: - The reader

    private func read(_ reader: some ChunkReader) {
        var reader = reader
        var sequence = 0
        while admit() {
            do {
                guard let bytes = try reader.next() else { return end(total: sequence) }
                locked {
                    work.append((sequence, bytes))
                    pthread_cond_signal(workersWake)
                }
                sequence += 1
            } catch {
                complete(sequence, .readFailed(error))
                return end(total: sequence + 1)
            }
        }
    }

    /// Waits for room for one more chunk; false once the run has stopped.
    private func admit() -> Bool {
        locked {
            while inFlight >= capacity && !stopped { pthread_cond_wait(readerWakes, mutex) }
            inFlight += 1
            return !stopped
        }
    }

    private func end(total: Int) {
        locked {
            self.total = total
            pthread_cond_broadcast(workersWake)
            pthread_cond_signal(writerWakes)
        }
    }

    // MARK: - The workers

    /// The next chunk to map; nil once the input has ended and every chunk is taken, or the run
    /// has stopped.
    private func take() -> (Int, [UInt8])? {
        locked {
            while work.isEmpty && total == nil && !stopped { pthread_cond_wait(workersWake, mutex) }
            guard !stopped, !work.isEmpty else { return nil }
            return work.removeFirst()
        }
    }

    private func complete(_ sequence: Int, _ outcome: Outcome) {
        locked {
            done[sequence] = outcome
            pthread_cond_signal(writerWakes)
        }
    }

    // MARK: - The writer

    /// Chunk `sequence` once it is mapped; nil after the last one.
    private func result(_ sequence: Int) -> Outcome? {
        locked {
            while done[sequence] == nil && total != sequence { pthread_cond_wait(writerWakes, mutex) }
            guard let outcome = done.removeValue(forKey: sequence) else { return nil }
            inFlight -= 1
            pthread_cond_signal(readerWakes)
            return outcome
        }
    }

    private func stop() {
        locked {
            stopped = true
            pthread_cond_broadcast(readerWakes)
            pthread_cond_broadcast(workersWake)
        }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
