import Foundation
import MapperKit

extension DescriptionFiles {
    /// Applies the overlays at `paths` (in order) to the root file's `value` and keeps the result
    /// as that file's content, so that the root's own `#/…` references read the overlaid document.
    /// Overlays change the root file only: a node in a file it references is not a target.
    func overlaying(_ paths: [String], onto root: String, value: JSONValue) throws(ImportError) -> (JSONValue, [ImportWarning]) {
        guard !paths.isEmpty else { return (value, []) }
        let overlays = paths.map { path in
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            return (path: absolute, display: path)
        }
        let (overlaid, warnings) = try Overlay.applying(overlays, to: value, describing: display(root))
        replace(root, with: overlaid)
        return (overlaid, warnings)
    }
}
