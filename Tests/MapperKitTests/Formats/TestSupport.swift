@testable import MapperKit

/// Deterministic pseudo-random numbers (SplitMix64), so property tests fail reproducibly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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
