import Foundation
import MapperService
import MapperTestSupport
import Testing

/// The endpoints `--help` texts name are the ones the service routes: a reader who protects "the
/// admin endpoints" with --admin-token-file learns all of them from `mapper serve --help`.
struct HelpEndpointTests {
    /// `mapper COMMAND --help` on one line: argument-parser wraps long texts at spaces.
    private func help(_ command: String) async throws -> String {
        let result = try await MapperBinary.run([command, "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func serveHelpListsEveryAdminEndpoint() async throws {
        let text = try await help("serve")
        let list = try #require(text.firstMatch(of: /the admin endpoints \(([^)]*)\)/)?.1, "\(text)")
        let listed = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let admin = routeTable(.testing()).filter(\.admin).map(\.path)
        #expect(Set(listed) == Set(admin))
        #expect(listed.count == Set(admin).count, "each endpoint once: \(listed)")
        #expect(admin.contains("/v1/try"))
    }

    /// Every path a help text mentions is one the service answers.
    @Test(arguments: ["serve", "playground"])
    func pathsInHelpTextsAreRoutes(command: String) async throws {
        let text = try await help(command)
        let routes = routeTable(.testing())
        let mentioned = text.matches(of: /(?:^|[\s(])(\/(?:v1|healthz|readyz|metrics|playground)[A-Za-z0-9_\/{}.-]*)/).map { String($0.1) }
        #expect(!mentioned.isEmpty)
        for path in mentioned {
            let trimmed = path.hasSuffix(".") ? String(path.dropLast()) : path
            // A path, or the prefix of paths (`every /v1 endpoint`).
            #expect(
                routes.contains { $0.path == trimmed || $0.path.hasPrefix(trimmed + "/") },
                "'\(trimmed)' in `mapper \(command) --help` is not a route")
        }
    }
}
