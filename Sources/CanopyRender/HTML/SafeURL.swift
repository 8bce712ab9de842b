import CanopyModel
import Foundation

/// The only URLs Canopy turns into links: absolute http and https URLs (`SafeHTTPURL`).
enum SafeURL {
    /// Returns the URL (trimmed) when its scheme is http or https and it has a host, otherwise nil.
    static func http(_ text: String) -> String? { SafeHTTPURL.validated(text) }
}

extension SafeURL {
    /// Returns `path` when it names a file Canopy wrote beside the page (`attachments/<name>`, the
    /// name of letters, digits, `.`, `-` and `_` only), otherwise nil.
    static func attachment(_ path: String) -> String? {
        let prefix = "attachments/"
        guard path.hasPrefix(prefix) else { return nil }
        let name = path.dropFirst(prefix.count)
        guard !name.isEmpty, !name.hasPrefix("."),
            name.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "._-".unicodeScalars.contains($0)
            })
        else { return nil }
        return path
    }
}
