import MapperKit
import Testing

@testable import MapperService

/// The shadow queue copies jobs into one preallocated ring of bytes and back: what the worker takes
/// is what requests offered, in order, across the ring's wrap-around; what does not fit is dropped
/// and counted.
struct ShadowQueueTests {
    private func job(_ number: Int, size: Int) -> ShadowJob {
        let operations: [ShadowJob.Operation] = [.decode, .encode, .convert]
        let operation = operations[number % 3]
        // Bytes that differ from job to job, and along the job (at its ends and every 4 KiB).
        func bytes(_ count: Int, _ seed: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: UInt8(truncatingIfNeeded: seed), count: count)
            for index in stride(from: 0, to: count, by: 4096) { bytes[index] = UInt8(truncatingIfNeeded: index >> 12 &+ seed) }
            if count > 0 { bytes[count - 1] = 0xFF }
            return bytes
        }
        return ShadowJob(
            request: .init(
                operation: operation, model: "Model\(number)-with-a-name-longer-than-fifteen-bytes-é",
                target: operation == .convert ? "Target\(number)" : nil,
                now: number.isMultiple(of: 2) ? Instant(milliseconds: Int64(number) * 1_000 - 5) : nil),
            input: bytes(size, number), live: bytes(size / 3, number &* 7))
    }

    private func same(_ taken: ShadowJob?, _ offered: ShadowJob) -> Bool {
        guard let taken else { return false }
        return taken.request.operation == offered.request.operation && taken.request.model == offered.request.model
            && taken.request.target == offered.request.target && taken.request.now == offered.request.now
            && taken.input == offered.input && taken.live == offered.live
    }

    @Test func jobsComeBackAsOfferedAcrossTheWrapAround() {
        let queue = ShadowQueue(metrics: ServiceMetrics())
        var waiting: [ShadowJob] = []
        // 1.5 MiB jobs, three in the queue at a time: the 16 MiB ring wraps several times, and a
        // job's bytes are split at its end.
        for number in 0..<40 {
            let offered = job(number, size: 1_500_000 + number * 7)
            #expect(queue.offer(offered))
            waiting.append(offered)
            if waiting.count == 3 {
                #expect(same(queue.take(), waiting.removeFirst()))
            }
        }
        while !waiting.isEmpty { #expect(same(queue.take(), waiting.removeFirst())) }
        #expect(queue.take() == nil)
        #expect(queue.counts.pending == 0 && queue.counts.dropped == 0)
    }

    @Test func whatDoesNotFitIsDroppedAndCounted() {
        let queue = ShadowQueue(metrics: ServiceMetrics())
        let accepted = (0..<300).filter { queue.offer(job($0, size: 10)) }
        #expect(accepted == Array(0..<ShadowQueue.capacity))
        #expect(queue.counts.pending == ShadowQueue.capacity && queue.counts.dropped == 300 - ShadowQueue.capacity)
        // Bytes too: a job larger than the whole ring never fits.
        #expect(same(queue.take(), job(0, size: 10)))
        #expect(!queue.offer(job(1, size: ShadowQueue.byteCapacity)))
        #expect(queue.counts.dropped == 300 - ShadowQueue.capacity + 1)
    }
}
