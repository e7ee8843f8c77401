import MapperKit
import MapperSupport

/// The catalogs a command loaded, held until the process exits: a loaded catalog is hundreds of
/// thousands of small allocations, and freeing them one at a time just before exit (when the
/// system frees them all at once) was 5 to 7% of a `validate` of a catalog of 1,000 to 2,000
/// models. A command loads its catalogs once, so nothing piles up; `serve`, which loads a new
/// catalog on every reload, does not use this.
enum KeptUntilExit {
    private static let catalogs = Locked<[Catalog]>([])

    /// The catalog, now kept until exit.
    @discardableResult
    static func keep(_ catalog: Catalog) -> Catalog {
        catalogs.withLock { $0.append(catalog) }
        return catalog
    }
}
