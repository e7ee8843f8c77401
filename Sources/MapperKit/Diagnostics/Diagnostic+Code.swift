extension Diagnostic {
    /// The stable codes of catalog diagnostics. Tests and tools match on these words; `allCases`
    /// lists every one.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        // Files and YAML
        /// A path given with `--mappings`, `MAPPER_MAPPINGS` or on the command line does not exist.
        case fileNotFound = "file-not-found"
        /// A mapping file exists but cannot be read (permissions, a directory where a file is expected,
        /// a link to nothing); the message gives the system's reason.
        case unreadableFile = "unreadable-file"
        /// A catalog directory holds no `*.yaml` or `*.yml` file.
        case noMappingFiles = "no-mapping-files"
        /// A symbolic link under a catalog directory leads back to a directory that contains it.
        case symlinkCycle = "symlink-cycle"
        case yamlSyntax = "yaml-syntax"
        case yamlEncoding = "yaml-encoding"
        case duplicateKey = "duplicate-key"
        case multipleDocuments = "multiple-documents"
        case yamlTooDeep = "yaml-too-deep"
        case yamlAliasLimit = "yaml-alias-limit"
        case undefinedAlias = "undefined-alias"
        case unsupportedTag = "unsupported-tag"
        case invalidTaggedValue = "invalid-tagged-value"
        case invalidMerge = "invalid-merge"

        // File structure and names
        case emptyFile = "empty-file"
        case missingVersion = "missing-version"
        case unsupportedVersion = "unsupported-version"
        /// A key the language does not know, at any level (top level, model, property, enum, …).
        case unknownKey = "unknown-key"
        /// A value of the wrong YAML shape or kind (a string where a mapping is expected, …).
        case invalidValue = "invalid-value"
        case missingKey = "missing-key"
        case invalidName = "invalid-name"
        case reservedName = "reserved-name"
        case duplicateDefinition = "duplicate-definition"

        // Types and properties
        case invalidType = "invalid-type"
        case unknownType = "unknown-type"
        /// Two members of a union read (or write) the same kind of JSON value.
        case ambiguousUnion = "ambiguous-union"
        case missingType = "missing-type"
        case inapplicableField = "inapplicable-field"
        case conflictingFields = "conflicting-fields"
        case invalidRepresentation = "invalid-representation"
        case invalidRange = "invalid-range"
        case invalidPattern = "invalid-pattern"
        case invalidDefault = "invalid-default"
        case invalidKeyPath = "invalid-key-path"
        case invalidFlatten = "invalid-flatten"
        case invalidComputed = "invalid-computed"
        /// A CEL expression (`decode`, `encode`, `default: {expr}`, a rule, a variant's `if`) that
        /// does not parse or names an unknown variable or function.
        case invalidExpression = "invalid-expression"
        /// A function of the `functions:` block named as a CEL built-in (`size`, `int`, `has`, …)
        /// or one of mapper's, which it would hide.
        case functionNameTaken = "function-name-taken"
        /// A function of the `functions:` block that calls itself, directly or through others.
        case functionRecursion = "function-recursion"
        /// A call of a function of the `functions:` block with the wrong number or types of arguments.
        case invalidFunctionCall = "invalid-function-call"
        /// A lookup table (`tables:`) whose file cannot be read, is not CSV or JSON, or is not
        /// shaped as a table (a row with the wrong number of cells, a row that is not an object).
        case invalidTable = "invalid-table"
        /// A table file without the `key`, `value` or `types` column (or field) the table names.
        case missingTableColumn = "missing-table-column"
        /// A table with the same key on two rows.
        case duplicateTableKey = "duplicate-table-key"
        /// A CSV cell that is not of the type `types:` gives its column (or a key that is not text).
        case invalidTableCell = "invalid-table-cell"
        case unknownMergeStrategy = "unknown-merge-strategy"
        case invalidMergeStrategy = "invalid-merge-strategy"
        case unknownTransformer = "unknown-transformer"
        case unknownKeyStyle = "unknown-key-style"
        /// `on_error` that cannot hold: `default` without a default, `null` or `drop` on a
        /// required property, or on a property that is never read from JSON.
        case invalidOnError = "invalid-on-error"

        // Models: inheritance and variants
        case unknownModel = "unknown-model"
        case inheritanceCycle = "inheritance-cycle"
        case flattenCycle = "flatten-cycle"
        case invalidVariant = "invalid-variant"
        case duplicateVariant = "duplicate-variant"

        // Enums
        case duplicateEnumValue = "duplicate-enum-value"
        case invalidEnumValue = "invalid-enum-value"
        case unknownCase = "unknown-case"
        case emptyEnum = "empty-enum"

        // Formats
        case unknownFormat = "unknown-format"
        case formatTypeMismatch = "format-type-mismatch"
        case invalidDatePattern = "invalid-date-pattern"
        case unknownTimeZone = "unknown-time-zone"
        case unknownLocale = "unknown-locale"
        case unknownCalendar = "unknown-calendar"
        case unknownNumberStyle = "unknown-number-style"
        case invalidFormat = "invalid-format"

        // Routes
        case invalidRoute = "invalid-route"
        case duplicateRoute = "duplicate-route"

        // Archives and migrations
        case invalidVersion = "invalid-version"
        case invalidMigration = "invalid-migration"
        case invalidTemplate = "invalid-template"

        // Warnings
        case unused = "unused"
        /// An expression reads a property of `self` that may be absent, or hands one that may be
        /// null to an operator or function that fails on null (`>`, `+`, `size()`, `.scale()`,
        /// selecting a field), with no `has(self.x)` or `self.x != null` test before it; the
        /// message shows the test to write.
        case unguardedNull = "unguarded-null"
        /// A `date` property whose format names only a day (`dd.MM.yyyy`): `local_date` keeps it exact.
        case dayOnlyDate = "day-only-date"

        // Golden tests that gate a catalog (`mapper serve --gate`)
        /// The `--gate` path does not exist.
        case gateNotFound = "gate-not-found"
        /// The `--gate` path holds no golden test for the catalog.
        case gateEmpty = "gate-empty"
        /// A `--gate` golden test failed against the catalog, which therefore does not go live.
        case goldenTestFailed = "golden-test-failed"
    }
}
