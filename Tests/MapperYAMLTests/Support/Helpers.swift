import Foundation
import Testing
@testable import MapperYAML

/// The file name every inline test document is read as.
let testFile = "test.yaml"

func parse(_ text: String, limits: YAMLLimits = YAMLLimits()) -> YAMLDocument {
    YAML.parse(text, file: testFile, limits: limits)
}

/// The root of a document that must read without a single problem.
func root(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Node {
    let document = parse(text)
    #expect(document.errors == [], sourceLocation: sourceLocation)
    return try #require(document.root, sourceLocation: sourceLocation)
}

/// The meaning of a document that must read without a single problem.
func plain(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Plain {
    try Plain(root(text, sourceLocation: sourceLocation))
}

func mark(_ line: Int, _ column: Int) -> Mark {
    Mark(file: testFile, line: line, column: column)
}

/// Line and column of a node, for compact position assertions.
func position(_ node: Node?) -> [Int]? {
    node.map { [$0.mark.line, $0.mark.column] }
}

enum Fixtures {
    static let directory: URL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(path)))
    }
}

/// How long `body` takes, so that hostile inputs can be held to a time bound.
func duration<T>(of body: () throws -> T) rethrows -> (T, Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    return (result, clock.now - start)
}
