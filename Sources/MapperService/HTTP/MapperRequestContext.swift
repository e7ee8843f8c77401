import Hummingbird
import MapperKit
import MapperSupport

/// The request context: Hummingbird's core storage plus what a handler tells the logging,
/// metrics and tracing middleware on its way out (the model it mapped with, the errors in its answer).
struct MapperRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let notes: RequestNotes

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        notes = RequestNotes()
    }
}

/// Shared between a request's middleware and its handler (the context itself is passed down by
/// value, so a note has to live in a reference).
final class RequestNotes: Sendable {
    private struct Values {
        var model: String?
        var errorCount = 0
    }

    private let storage = Locked(Values())

    /// A model of the catalog the request used (never an unchecked name from the URL: it is a
    /// metrics label).
    var model: String? {
        get { storage.withLock { $0.model } }
        set { storage.withLock { $0.model = newValue } }
    }

    /// The errors in the answer: the mapping errors of a 422, one for any other problem.
    var errorCount: Int {
        get { storage.withLock { $0.errorCount } }
        set { storage.withLock { $0.errorCount = newValue } }
    }
}
