extension NumberPattern {
    /// The locale's symbols as the parser compares them (see `NumberSymbols.normalized`).
    struct Matcher: Sendable {
        var positivePrefix: [Unicode.Scalar]
        var positiveSuffix: [Unicode.Scalar]
        var negativePrefix: [Unicode.Scalar]
        var negativeSuffix: [Unicode.Scalar]
        var decimalSeparator: [Unicode.Scalar]
        var groupingSeparator: [Unicode.Scalar]
        var exponentSymbol: [Unicode.Scalar]
        var plusSigns: [[Unicode.Scalar]]
        var minusSigns: [[Unicode.Scalar]]
        var nativeDigits: [Unicode.Scalar]
        var groupingSize: Int
        var secondaryGroupingSize: Int

        init(_ symbols: NumberSymbols) {
            positivePrefix = NumberSymbols.normalized(symbols.positivePrefix)
            positiveSuffix = NumberSymbols.normalized(symbols.positiveSuffix)
            negativePrefix = NumberSymbols.normalized(symbols.negativePrefix)
            negativeSuffix = NumberSymbols.normalized(symbols.negativeSuffix)
            decimalSeparator = NumberSymbols.normalized(symbols.decimalSeparator)
            groupingSeparator = NumberSymbols.normalized(symbols.groupingSeparator)
            exponentSymbol = NumberSymbols.normalized(symbols.exponentSymbol.lowercased())
            plusSigns = [NumberSymbols.normalized(symbols.plusSign), ["+"]]
            minusSigns = [NumberSymbols.normalized(symbols.minusSign), ["-"]]
            nativeDigits = symbols.digits.compactMap(\.unicodeScalars.first)
            groupingSize = symbols.groupingSize
            secondaryGroupingSize =
                symbols.secondaryGroupingSize > 0 ? symbols.secondaryGroupingSize : symbols.groupingSize
        }

        func digit(_ scalar: Unicode.Scalar) -> UInt8? {
            if scalar.value >= 0x30, scalar.value <= 0x39 { return UInt8(scalar.value) }
            return nativeDigits.firstIndex(of: scalar).map { UInt8(ascii: "0") + UInt8($0) }
        }
    }

    /// Digits, grouping, fraction and exponent between the prefix and suffix.
    func parseBody(_ body: ArraySlice<Unicode.Scalar>) -> (integer: [UInt8], fraction: [UInt8], exponent: Int)? {
        var index = body.startIndex
        func next(_ symbol: [Unicode.Scalar], ignoringCase: Bool = false) -> Bool {
            guard !symbol.isEmpty, body.count - (index - body.startIndex) >= symbol.count else { return false }
            for (k, scalar) in symbol.enumerated() {
                let found = body[index + k]
                let same = ignoringCase ? String(found).lowercased() == String(scalar) : found == scalar
                guard same else { return false }
            }
            index += symbol.count
            return true
        }

        var integer: [UInt8] = []
        var groups: [Int] = []
        var run = 0
        while index < body.endIndex {
            if let digit = matcher.digit(body[index]) {
                integer.append(digit)
                run += 1
                index += 1
            } else if matcher.groupingSize > 0, run > 0, next(matcher.groupingSeparator) {
                groups.append(run)
                run = 0
            } else {
                break
            }
        }
        if !groups.isEmpty {
            // Grouped: the last group is full, the inner ones are full secondary groups, the first
            // has one up to a full secondary group.
            guard run == matcher.groupingSize, groups[0] <= matcher.secondaryGroupingSize,
                groups.dropFirst().allSatisfy({ $0 == matcher.secondaryGroupingSize })
            else { return nil }
        }

        var fraction: [UInt8] = []
        if next(matcher.decimalSeparator) {
            while index < body.endIndex, let digit = matcher.digit(body[index]) {
                fraction.append(digit)
                index += 1
            }
            guard !fraction.isEmpty else { return nil }
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }

        var exponent = 0
        if next(matcher.exponentSymbol, ignoringCase: true) {
            var negative = false
            if matcher.minusSigns.contains(where: { next($0) }) {
                negative = true
            } else {
                _ = matcher.plusSigns.contains(where: { next($0) })
            }
            var digits = 0
            while index < body.endIndex, let digit = matcher.digit(body[index]) {
                exponent = min(exponent * 10 + Int(digit &- 48), 1_000_000_000)
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if negative { exponent = -exponent }
        }
        guard index == body.endIndex else { return nil }
        return (integer, fraction, exponent)
    }
}
