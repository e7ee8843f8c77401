import Hummingbird
import MapperKit
import MapperSupport

/// The request context: Hummingbird's core storage plus what a handler tells the logging and
/// metrics middleware on its way out (the model it mapped with).
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
    private let storage = Locked<String?>(nil)

    /// A model of the catalog the request used (never an unchecked name from the URL: it is a
    /// metrics label).
    var model: String? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
