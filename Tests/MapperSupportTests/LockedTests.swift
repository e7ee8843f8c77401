import Foundation
import Testing

@testable import MapperSupport

struct LockedTests {
    /// Threads (not tasks: real contention) update one dictionary; no update is lost. Under
    /// `script/sanitize thread` this is also the check that ThreadSanitizer sees the lock.
    @Test func updatesFromManyThreadsAreAllKept() {
        let counts = Locked<[Int: Int]>([:])
        let threads = 4
        let updates = 10_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for update in 0..<updates {
                counts.withLock { $0[update % 7, default: 0] += thread + 1 }
            }
        }
        let total = counts.withLock { $0.values.reduce(0, +) }
        #expect(total == updates * (1...threads).reduce(0, +))
    }

    @Test func anErrorThrownInsideReleasesTheLock() {
        struct Refused: Error {}
        let value = Locked(0)
        #expect(throws: Refused.self) { try value.withLock { _ throws(Refused) in throw Refused() } }
        #expect(
            value.withLock {
                $0 += 1; return $0
            } == 1)
    }
}
