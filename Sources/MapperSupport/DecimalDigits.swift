/// Exact arithmetic on the coefficients of decimal numbers: arrays of digits (0…9), most
/// significant first, at the same scale. What the exact decimals of expressions and `merge: sum`
/// of `decimal` properties compute with, so that money never passes through a double.
package enum DecimalDigits {
    /// A coefficient with its sign.
    package typealias Signed = (digits: [UInt8], negative: Bool)

    /// The signed sum of two coefficients at the same scale, without leading zeros (empty for 0,
    /// which is never negative).
    package static func sum(_ x: [UInt8], negative xNegative: Bool, _ y: [UInt8], negative yNegative: Bool) -> Signed {
        let (digits, negative): ([UInt8], Bool)
        if xNegative == yNegative {
            (digits, negative) = (add(x, y), xNegative)
        } else if compare(x, y) >= 0 {
            // Different signs: the larger magnitude's sign, and the difference of the magnitudes.
            (digits, negative) = (subtract(x, y), xNegative)
        } else {
            (digits, negative) = (subtract(y, x), yNegative)
        }
        let trimmed = Array(digits.drop { $0 == 0 })
        return (trimmed, negative && !trimmed.isEmpty)
    }

    /// -1, 0 or 1 as the magnitude of `x` is below, equal to or above that of `y`.
    package static func compare(_ x: [UInt8], _ y: [UInt8]) -> Int {
        let (a, b) = (x.drop { $0 == 0 }, y.drop { $0 == 0 })
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (p, q) in zip(a, b) where p != q { return p < q ? -1 : 1 }
        return 0
    }

    /// x + y.
    package static func add(_ x: [UInt8], _ y: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(max(x.count, y.count) + 1)
        var (i, j, carry) = (x.count - 1, y.count - 1, UInt8(0))
        while i >= 0 || j >= 0 || carry > 0 {
            let total = (i >= 0 ? x[i] : 0) + (j >= 0 ? y[j] : 0) + carry
            result.append(total % 10)
            carry = total / 10
            i -= 1
            j -= 1
        }
        return result.reversed()
    }

    /// x - y for x ≥ y.
    package static func subtract(_ x: [UInt8], _ y: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(x.count)
        var (i, j, borrow) = (x.count - 1, y.count - 1, 0)
        while i >= 0 {
            var difference = Int(x[i]) - (j >= 0 ? Int(y[j]) : 0) - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 10 }
            result.append(UInt8(difference))
            i -= 1
            j -= 1
        }
        return result.reversed()
    }
}
