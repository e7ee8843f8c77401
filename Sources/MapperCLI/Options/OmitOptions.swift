import ArgumentParser
import MapperKit

/// `--omit nulls|empty` (encode, convert): what this run leaves out of the external JSON where
/// the catalog's `omit` says nothing. See docs/language/omit.md.
struct OmitOptions: ParsableArguments {
    /// The words of `OmitPolicy`, as the command line takes them.
    enum Policy: String, ExpressibleByArgument, CaseIterable {
        case never, nulls, empty
    }

    @Option(
        help: ArgumentHelp(
            "Leave out members whose value is null (nulls), or null, \"\", [] or {} (empty), where the catalog's 'omit' says nothing."
        ))
    var omit: Policy?

    /// The run's setting for `MappingSession.omit`.
    var policy: OmitPolicy? { omit.flatMap { OmitPolicy(rawValue: $0.rawValue) } }
}
