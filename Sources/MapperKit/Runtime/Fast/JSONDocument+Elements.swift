extension JSONDocument {
    /// Writes the array or object at `index` (`[…]` or `{"key":…}`), `null` elements as they are
    /// and every other element through `element`; false as soon as `element` fails. What the
    /// transcoders do for `[T]` and `[string: T]`.
    func writeElements(of index: Int, into output: inout JSONOutput, _ element: (Int, inout JSONOutput) -> Bool) -> Bool {
        let isObject = kind(at: index) == .object
        var first = true
        func write(_ item: Int, key: Int?, _ output: inout JSONOutput) -> Bool {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            if let key {
                writeString(at: key, to: &output)
                output.append(UInt8(ascii: ":"))
            }
            guard kind(at: item) != .null else {
                output.append(contentsOf: "null")
                return true
            }
            return element(item, &output)
        }
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        if isObject {
            for (key, item) in members(ofObjectAt: index) where !write(item, key: key, &output) { return false }
        } else {
            for item in elements(ofArrayAt: index) where !write(item, key: nil, &output) { return false }
        }
        output.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        return true
    }
}
