import Testing
@testable import MapperImport

struct NamingTests {
    @Test(arguments: [
        ("droplet_status", "DropletStatus"), ("1-clicks", "Type1Clicks"), ("ssh keys", "SshKeys"),
        ("HTMLParser", "HTMLParser"), ("", "Model"), ("über", "Ber"),
    ])
    func typeNames(_ text: String, _ expected: String) {
        #expect(Naming.typeName(text) == expected)
        #expect(Naming.isValidTypeName(Naming.typeName(text)))
    }

    @Test(arguments: [
        ("created_at", "createdAt"), ("html_url", "htmlUrl"), ("URL", "url"), ("@id", "id"), ("2fa", "_2fa"),
        ("$type", "type"), ("kebab-case-key", "kebabCaseKey"), ("already", "already"), ("a.b", "aB"), ("", "_"),
    ])
    func propertyNames(_ key: String, _ expected: String) {
        #expect(Naming.propertyName(key) == expected)
    }

    @Test(arguments: [("active", "active"), ("s-1vcpu-1gb", "s_1vcpu_1gb"), ("1", "_1"), ("in progress", "in_progress"), ("", "_")])
    func caseNames(_ value: String, _ expected: String) {
        #expect(Naming.caseName(value) == expected)
        #expect(Naming.isValidCaseName(Naming.caseName(value)))
    }

    @Test func singulars() {
        #expect(Naming.singular("labels") == "label")
        #expect(Naming.singular("entries") == "entry")
        #expect(Naming.singular("status") == nil)
        #expect(Naming.singular("boxes") == "box")
    }

    @Test func registryIsDeterministic() {
        var registry = NameRegistry()
        #expect(registry.claim(["Droplet"]) == "Droplet")
        #expect(registry.claim(["Droplet", "AppsDroplet"]) == "AppsDroplet")
        #expect(registry.claim(["Droplet"]) == "Droplet2")
        #expect(registry.claim(["Droplet"]) == "Droplet3")
    }
}
