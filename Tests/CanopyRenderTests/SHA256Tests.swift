import Testing

@testable import CanopyRender

@Suite("SHA-256 for the CSP hashes (swift-crypto, the one SHA-256 of the package)")
struct SHA256Tests {
    @Test(arguments: [
        ("", "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"),
        ("abc", "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='"),
        (String(repeating: "a", count: 1000), "'sha256-Qe3s5C1j6Nm/UVqbppMuHCDLyfWl0TRkWttdsblzfqM='"),
    ])
    func knownVectors(input: String, expected: String) {
        #expect(HTMLPage.scriptSource(input) == expected)
    }
}
