extension Diagnostic {
    /// The stable codes of catalog diagnostics. Tests and tools match on these words.
    public struct Code: RawRepresentable, Sendable, Hashable, CaseIterable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        // Files and YAML (§2)
        public static let fileNotFound = Code(rawValue: "file-not-found")
        public static let unreadableFile = Code(rawValue: "unreadable-file")
        public static let noMappingFiles = Code(rawValue: "no-mapping-files")
        /// A symbolic link under a catalog directory leads back to a directory that contains it.
        public static let symlinkCycle = Code(rawValue: "symlink-cycle")
        public static let yamlSyntax = Code(rawValue: "yaml-syntax")
        public static let yamlEncoding = Code(rawValue: "yaml-encoding")
        public static let duplicateKey = Code(rawValue: "duplicate-key")
        public static let multipleDocuments = Code(rawValue: "multiple-documents")
        public static let yamlTooDeep = Code(rawValue: "yaml-too-deep")
        public static let yamlAliasLimit = Code(rawValue: "yaml-alias-limit")
        public static let undefinedAlias = Code(rawValue: "undefined-alias")
        public static let unsupportedTag = Code(rawValue: "unsupported-tag")
        public static let invalidTaggedValue = Code(rawValue: "invalid-tagged-value")
        public static let invalidMerge = Code(rawValue: "invalid-merge")

        // File structure and names (§2)
        public static let emptyFile = Code(rawValue: "empty-file")
        public static let missingVersion = Code(rawValue: "missing-version")
        public static let unsupportedVersion = Code(rawValue: "unsupported-version")
        /// A key the language does not know, at any level (top level, model, property, enum, …).
        public static let unknownKey = Code(rawValue: "unknown-key")
        /// A value of the wrong YAML shape or kind (a string where a mapping is expected, …).
        public static let invalidValue = Code(rawValue: "invalid-value")
        public static let missingKey = Code(rawValue: "missing-key")
        public static let invalidName = Code(rawValue: "invalid-name")
        public static let reservedName = Code(rawValue: "reserved-name")
        public static let duplicateDefinition = Code(rawValue: "duplicate-definition")

        // Types and properties (§3, §4.1, §4.2)
        public static let invalidType = Code(rawValue: "invalid-type")
        public static let unknownType = Code(rawValue: "unknown-type")
        public static let missingType = Code(rawValue: "missing-type")
        public static let inapplicableField = Code(rawValue: "inapplicable-field")
        public static let conflictingFields = Code(rawValue: "conflicting-fields")
        public static let invalidRepresentation = Code(rawValue: "invalid-representation")
        public static let invalidRange = Code(rawValue: "invalid-range")
        public static let invalidPattern = Code(rawValue: "invalid-pattern")
        /// A `pattern` that could backtrack catastrophically (`(a+)+`); see `PatternSafety`.
        public static let unsafePattern = Code(rawValue: "unsafe-pattern")
        public static let invalidDefault = Code(rawValue: "invalid-default")
        public static let invalidKeyPath = Code(rawValue: "invalid-key-path")
        public static let duplicateKeyPath = Code(rawValue: "duplicate-key-path")
        public static let invalidFlatten = Code(rawValue: "invalid-flatten")
        public static let invalidComputed = Code(rawValue: "invalid-computed")
        public static let unknownMergeStrategy = Code(rawValue: "unknown-merge-strategy")
        public static let invalidMergeStrategy = Code(rawValue: "invalid-merge-strategy")
        public static let unknownTransformer = Code(rawValue: "unknown-transformer")
        public static let unknownKeyStyle = Code(rawValue: "unknown-key-style")

        // Models: inheritance and variants (§4.4, §4.5)
        public static let unknownModel = Code(rawValue: "unknown-model")
        public static let inheritanceCycle = Code(rawValue: "inheritance-cycle")
        public static let flattenCycle = Code(rawValue: "flatten-cycle")
        public static let invalidVariant = Code(rawValue: "invalid-variant")
        public static let duplicateVariant = Code(rawValue: "duplicate-variant")

        // Enums (§5)
        public static let duplicateEnumValue = Code(rawValue: "duplicate-enum-value")
        public static let invalidEnumValue = Code(rawValue: "invalid-enum-value")
        public static let unknownCase = Code(rawValue: "unknown-case")
        public static let emptyEnum = Code(rawValue: "empty-enum")

        // Formats (§6)
        public static let unknownFormat = Code(rawValue: "unknown-format")
        public static let formatTypeMismatch = Code(rawValue: "format-type-mismatch")
        public static let invalidDatePattern = Code(rawValue: "invalid-date-pattern")
        public static let unknownTimeZone = Code(rawValue: "unknown-time-zone")
        public static let unknownLocale = Code(rawValue: "unknown-locale")
        public static let unknownCalendar = Code(rawValue: "unknown-calendar")
        public static let unknownNumberStyle = Code(rawValue: "unknown-number-style")
        public static let invalidFormat = Code(rawValue: "invalid-format")

        // Routes (§7)
        public static let invalidRoute = Code(rawValue: "invalid-route")
        public static let duplicateRoute = Code(rawValue: "duplicate-route")

        // Archives and migrations (§11)
        public static let invalidVersion = Code(rawValue: "invalid-version")
        public static let invalidMigration = Code(rawValue: "invalid-migration")
        public static let invalidTemplate = Code(rawValue: "invalid-template")

        // Warnings
        public static let unused = Code(rawValue: "unused")

        public static let allCases: [Code] = [
            .fileNotFound, .unreadableFile, .noMappingFiles, .symlinkCycle, .yamlSyntax, .yamlEncoding, .duplicateKey,
            .multipleDocuments, .yamlTooDeep, .yamlAliasLimit, .undefinedAlias, .unsupportedTag,
            .invalidTaggedValue, .invalidMerge, .emptyFile, .missingVersion, .unsupportedVersion,
            .unknownKey, .invalidValue, .missingKey, .invalidName, .reservedName, .duplicateDefinition,
            .invalidType, .unknownType, .missingType, .inapplicableField, .conflictingFields,
            .invalidRepresentation, .invalidRange, .invalidPattern, .unsafePattern, .invalidDefault, .invalidKeyPath,
            .duplicateKeyPath, .invalidFlatten, .invalidComputed, .unknownMergeStrategy,
            .invalidMergeStrategy, .unknownTransformer, .unknownKeyStyle, .unknownModel,
            .inheritanceCycle, .flattenCycle, .invalidVariant, .duplicateVariant, .duplicateEnumValue,
            .invalidEnumValue, .unknownCase, .emptyEnum, .unknownFormat, .formatTypeMismatch,
            .invalidDatePattern, .unknownTimeZone, .unknownLocale, .unknownCalendar,
            .unknownNumberStyle, .invalidFormat, .invalidRoute, .duplicateRoute, .invalidVersion,
            .invalidMigration, .invalidTemplate, .unused,
        ]
    }
}
