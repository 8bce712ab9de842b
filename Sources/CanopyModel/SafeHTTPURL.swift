import Foundation

/// The only URLs Canopy links to or accepts as the page's address: absolute http and https URLs.
package enum SafeHTTPURL {
    /// Returns the URL (trimmed) when its scheme is http or https and it has a host, otherwise nil.
    /// `javascript:`, `data:`, `file:` and scheme-relative URLs are refused.
    package static func validated(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0.value < 0x80 }),
            let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        return trimmed
    }
}
