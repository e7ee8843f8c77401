/// Where a reader is, kept cheaply as it descends and turned into a JSON pointer and a model
/// path only when an error is reported.
struct PathStack {
    enum Frame {
        /// A property read from `segments` (its key path, or its name in canonical JSON).
        case property(name: String, segments: [String])
        /// A flattened property: part of the model path, not of the pointer.
        case flattened(name: String)
        case element(Int)
        case key(String)
        /// A member of an envelope around the document (`target` in a merge body): part of the
        /// pointer, not of the model path.
        case member(String)
    }

    var root: String
    private(set) var frames: [Frame] = []

    init(root: String) {
        self.root = root
    }

    mutating func push(_ frame: Frame) { frames.append(frame) }

    /// Whether the reader is at a document's root (inside an envelope's member at most).
    var isAtRoot: Bool {
        frames.allSatisfy { if case .member = $0 { true } else { false } }
    }
    mutating func pop() { frames.removeLast() }

    mutating func reset(root: String) {
        self.root = root
        frames.removeAll(keepingCapacity: true)
    }

    /// RFC 6901: `/labels/2/color`.
    var pointer: String {
        var pointer = ""
        for frame in frames {
            switch frame {
            case .property(_, let segments):
                for segment in segments { pointer += "/" + JSONPointer.escape(segment) }
            case .flattened: break
            case .element(let index): pointer += "/\(index)"
            case .key(let key), .member(let key): pointer += "/" + JSONPointer.escape(key)
            }
        }
        return pointer
    }

    /// `Issue.labels[2].color`.
    var modelPath: String {
        var path = root
        for frame in frames {
            switch frame {
            case .property(let name, _), .flattened(let name): path += "." + name
            case .element(let index): path += "[\(index)]"
            case .key(let key): path += "[\(JSONWriter.quote(key))]"
            case .member: break
            }
        }
        return path
    }

    /// The pointer of the first `depth` segments of the innermost property's key path.
    func pointer(truncatingLastPropertyTo depth: Int) -> String {
        var copy = self
        if case .property(let name, let segments)? = copy.frames.last {
            copy.frames[copy.frames.count - 1] = .property(name: name, segments: Array(segments.prefix(depth)))
        }
        return copy.pointer
    }

}
