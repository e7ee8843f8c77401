/// Load-time screening of `pattern` constraints for catastrophic backtracking.
///
/// Swift's `Regex` backtracks and cannot be given a step budget, so a pattern like `(a+)+$` takes
/// time exponential in the length of a string it fails on: one request could hang a worker. Such
/// patterns are rejected when the catalog loads (`unsafe-pattern`) instead. Rejected:
/// - a repeated group that itself contains a repetition, when either is unbounded (`(a+)+`,
///   `(a*b?)*`, `(\d{1,3})+`, `(a+){2}`); `(\d{1,3}\.){3}` is fine;
/// - an unboundedly repeated group with two alternatives that start with the same character
///   (`(a|ab)+`);
/// - backreferences (`\1`, `\k<name>`), which need a backtracking matcher.
/// Repeating at most once (`?`, `{0,1}`) is not a repetition. This is the star-height test of
/// tools like safe-regex: it catches the usual exponential shapes, not all (alternatives that
/// overlap without a common first character, `(.|a)+`, pass), and no polynomial ones (`\d+\d+$`);
/// their time is bounded by the input size limits.
enum PatternSafety {
    /// Why `source` is unsafe, or nil when it passes. `source` already compiled as a `Regex`.
    static func problem(in source: String) -> String? {
        var scanner = Scanner(Array(source.unicodeScalars))
        return scanner.run()
    }

    private struct Group {
        /// The largest repetition count inside (`Int.max` for `*`, `+`, `{n,}`); 1 when none.
        var innerMaximum = 1
        /// The first atom of each alternative, when it is a literal character.
        var firstLiterals: [Unicode.Scalar?] = [nil]
        var atBranchStart = true
    }

    /// What the last atom was, for a quantifier that follows it.
    private enum Atom {
        case none
        case single
        case group(Group)
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var stack = [Group()]
        var last = Atom.none

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func run() -> String? {
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\\":
                    if let problem = escape() { return problem }
                case "[":
                    skipClass()
                    atom(nil)
                case "(":
                    skipGroupModifiers()
                    stack.append(Group())
                    last = .none
                case ")":
                    guard stack.count > 1 else { continue }
                    let group = stack.removeLast()
                    atom(nil)
                    stack[stack.count - 1].innerMaximum = max(stack[stack.count - 1].innerMaximum, group.innerMaximum)
                    last = .group(group)
                case "|":
                    stack[stack.count - 1].firstLiterals.append(nil)
                    stack[stack.count - 1].atBranchStart = true
                    last = .none
                case "*", "+", "?", "{":
                    guard let maximum = quantifier(scalar) else {
                        atom(scalar)
                        continue
                    }
                    if maximum > 1, let problem = repeated(maximum) { return problem }
                default:
                    atom(scalar == "." || scalar == "^" || scalar == "$" ? nil : scalar)
                    if scalar == "^" || scalar == "$" { last = .none }
                }
            }
            return nil
        }

        /// Records an atom (a literal character, or nil for anything else) in the current group.
        mutating func atom(_ literal: Unicode.Scalar?) {
            let top = stack.count - 1
            if stack[top].atBranchStart {
                stack[top].firstLiterals[stack[top].firstLiterals.count - 1] = literal
                stack[top].atBranchStart = false
            }
            last = .single
        }

        /// The last atom is repeated up to `maximum` (> 1) times.
        mutating func repeated(_ maximum: Int) -> String? {
            if case .group(let group) = last {
                if group.innerMaximum > 1, maximum == .max || group.innerMaximum == .max {
                    return "a repeated group contains a repetition itself (nested quantifiers such as '(a+)+')"
                }
                let literals = group.firstLiterals.compactMap(\.self)
                if maximum == .max, Set(literals).count < literals.count {
                    return "two alternatives of a repeated group start with the same character (as in '(a|ab)+')"
                }
            }
            let top = stack.count - 1
            stack[top].innerMaximum = max(stack[top].innerMaximum, maximum)
            last = .none
            return nil
        }

        /// After `\`: a backreference is a problem; anything else is one atom.
        mutating func escape() -> String? {
            guard index < scalars.count else { return nil }
            let next = scalars[index]
            index += 1
            switch next {
            case "1"..."9", "k", "g":
                return "it uses a backreference ('\\\(next)'), which needs a backtracking matcher"
            case "Q":
                // \Q…\E quotes literally.
                while index + 1 < scalars.count, !(scalars[index] == "\\" && scalars[index + 1] == "E") { index += 1 }
                index = min(index + 2, scalars.count)
                atom(nil)
            default:
                atom(next.properties.isAlphabetic ? nil : next)
            }
            return nil
        }

        /// Skips a character class up to its closing `]`, nested classes and escapes included.
        mutating func skipClass() {
            var depth = 1
            if index < scalars.count, scalars[index] == "^" { index += 1 }
            if index < scalars.count, scalars[index] == "]" { index += 1 }
            while index < scalars.count, depth > 0 {
                switch scalars[index] {
                case "\\": index += 1
                case "[": depth += 1
                case "]": depth -= 1
                default: break
                }
                index += 1
            }
        }

        /// Skips `?:`, `?<name>`, `?=`, `?!`, `?<=`, `?<!`, `?i:` and the like after `(`.
        mutating func skipGroupModifiers() {
            guard index < scalars.count, scalars[index] == "?" else { return }
            index += 1
            if index < scalars.count, scalars[index] == "<" || scalars[index] == "'" || scalars[index] == "P" {
                let close: Unicode.Scalar = scalars[index] == "'" ? "'" : ">"
                if index + 1 < scalars.count, scalars[index + 1] == "=" || scalars[index + 1] == "!" {
                    index += 2
                    return
                }
                while index < scalars.count, scalars[index] != close { index += 1 }
                index += 1
                return
            }
            while index < scalars.count, scalars[index] != ":", scalars[index] != ")" {
                index += 1
            }
            if index < scalars.count, scalars[index] == ":" { index += 1 }
        }

        /// The most times a quantifier starting with `first` repeats its atom (Int.max for no
        /// bound), or nil when `{` does not start a quantifier. Skips a lazy or possessive suffix.
        mutating func quantifier(_ first: Unicode.Scalar) -> Int? {
            let maximum: Int
            switch first {
            case "*", "+": maximum = .max
            case "?": maximum = 1
            default:
                var end = index
                while end < scalars.count, scalars[end] != "}" { end += 1 }
                guard end < scalars.count else { return nil }
                let body = String(String.UnicodeScalarView(scalars[index..<end]))
                let bounds = body.split(separator: ",", omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count), bounds.allSatisfy({ $0.allSatisfy(\.isNumber) }),
                      !(bounds.first?.isEmpty ?? true) || bounds.count == 2
                else { return nil }
                index = end + 1
                if bounds.count == 1 { maximum = Int(bounds[0]) ?? .max } else { maximum = bounds[1].isEmpty ? .max : Int(bounds[1]) ?? .max }
            }
            if index < scalars.count, scalars[index] == "?" || scalars[index] == "+" { index += 1 }
            return maximum
        }
    }
}
