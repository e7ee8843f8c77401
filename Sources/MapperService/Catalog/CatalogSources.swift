import MapperKit

/// Where posted mapping files go among the live catalog's files (`/v1/validate?name=`, `/v1/try`):
/// a file replaces the loaded file it names, else joins the catalog under its own name.
extension Array where Element == Catalog.Source {
    /// The loaded file `name` stands for: the one with that path, else the one with that path suffix
    /// (`shop.yaml` for `Mappings/shop.yaml`).
    func loadedFile(named name: String) -> String? {
        first { $0.name == name }?.name ?? first { $0.name.hasSuffix("/" + name) }?.name
    }

    /// These files with `file` in place of the one it names (under that file's name), or after
    /// them when it names none.
    func placing(_ file: Catalog.Source) -> [Catalog.Source] {
        guard let replaced = loadedFile(named: file.name) else { return self + [file] }
        return map { $0.name == replaced ? Catalog.Source(name: replaced, bytes: file.bytes) : $0 }
    }
}
