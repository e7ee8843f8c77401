@testable import MapperFormats
@testable import MapperJSON
import MapperTestSupport

extension Instant {
    /// Test shorthand: an instant from a canonical ISO 8601 string (traps on a typo in a test).
    init(_ iso: String) {
        guard let instant = ISO8601.parse(iso) else { fatalError("bad test timestamp \(iso)") }
        self = instant
    }

    /// Random instants within the supported years, with and without milliseconds.
    static func random(using generator: inout SplitMix64) -> Instant {
        let ms = Int64.random(in: Instant.supportedRange, using: &generator)
        switch generator.next() % 3 {
        case 0: return Instant(milliseconds: ms - ms % 1000)
        case 1: return Instant(milliseconds: ms - ms % 60000)
        default: return Instant(milliseconds: ms)
        }
    }
}
