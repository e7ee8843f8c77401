extension CELProgram {
    /// Deduces the expression's type, as CEL's gradual type checker does, with these variable types
    /// (a variable not listed is `dyn`, so whatever uses it is checked only at evaluation; the
    /// functions passed to `init(functions:)` take their declared `parameters` and return their
    /// declared `result`).
    ///
    /// Fails, with the 1-based column of the offending sub-expression, when no overload of a
    /// function or operator can apply to the arguments' types (`noSuchOverload`: `1 + 1.0`,
    /// `self.count + 'x'` with an int count), when a field is selected that an `.object` does not
    /// have (`noSuchKey`), or when a condition of `?:`, `&&`, `||` or a macro's predicate cannot
    /// be a bool, or a field is selected from a value that has none (`typeMismatch`).
    ///
    /// ```swift
    /// let program = try CELProgram(source: "input.a.b + 1")
    /// try program.check(["input": .dyn])   // .int
    /// ```
    public func check(_ variables: [String: CELCheckedType] = [:]) throws(CELError) -> CELCheckedType {
        var checker = Checker(variables: variables, container: container, functions: functions)
        let type = try checker.check(root)
        return checker.substitution.checked(type)
    }
}
