import Foundation
import Hummingbird
import NIOCore

/// What `/playground` serves: the page (HTML, CSS and JavaScript built into the binary) and the
/// CodeMirror 5 editor it runs on, read at startup from Debian's `libjs-codemirror`.
package struct PlaygroundAssets: Sendable {
    /// One file below `/playground/`.
    struct File: Sendable {
        var path: String
        var bytes: [UInt8]

        var response: Response {
            let type = path.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"
            return Response(
                status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }

    /// Where Debian's `libjs-codemirror` installs CodeMirror 5.
    package static let debianCodeMirror = "/usr/share/javascript/codemirror"

    /// The CodeMirror files the page loads, in load order: the editor, its YAML and JavaScript
    /// (JSON) modes, and the lint (markers and their tooltips), bracket and active-line add-ons.
    static let codeMirrorFiles = [
        "lib/codemirror.css", "addon/lint/lint.css",
        "lib/codemirror.js", "mode/yaml/yaml.js", "mode/javascript/javascript.js",
        "addon/lint/lint.js", "addon/edit/matchbrackets.js", "addon/selection/active-line.js",
    ]

    /// The page, with CodeMirror's tags where it says `<!-- codemirror -->`.
    var page: [UInt8]
    var files: [File]

    /// The assets with CodeMirror from `directory`, or why the playground cannot run.
    package static func load(codeMirror directory: String) -> Result<PlaygroundAssets, PlaygroundUnavailable> {
        var files: [File] = []
        for name in codeMirrorFiles {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path) else {
                return .failure(PlaygroundUnavailable(directory: directory, missing: path))
            }
            files.append(File(path: "codemirror/" + name, bytes: [UInt8](data)))
        }
        files.append(File(path: "playground.css", bytes: PackageResources.playground_css))
        files.append(File(path: "playground.js", bytes: PackageResources.playground_js))
        let tags = files.map { file in
            file.path.hasSuffix(".css")
                ? #"<link rel="stylesheet" href="playground/\#(file.path)">"#
                : #"<script defer src="playground/\#(file.path)"></script>"#
        }
        let html = String(decoding: PackageResources.playground_html, as: UTF8.self)
            .replacingOccurrences(of: "<!-- codemirror -->", with: tags.joined(separator: "\n"))
        return .success(PlaygroundAssets(page: Array(html.utf8), files: files))
    }
}

/// The playground cannot run: CodeMirror is not where it was looked for.
package struct PlaygroundUnavailable: Error, Sendable, CustomStringConvertible {
    var directory: String
    var missing: String

    package var description: String {
        "the playground (/playground) needs CodeMirror 5 from Debian's libjs-codemirror (apt-get install libjs-codemirror), "
            + "and '\(missing)' is missing; MAPPER_CODEMIRROR names another folder holding CodeMirror 5 (now '\(directory)')"
    }
}
