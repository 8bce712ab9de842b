/// A CODEOWNERS path pattern (gitignore-style), matched against repository-relative paths.
///
/// - `*` matches any run of characters but `/`, `?` one character but `/`, `\x` the character `x`.
/// - `**` as a whole segment matches any number of directories (`**/a`, `a/**/b`); a trailing `/**`
///   matches everything inside.
/// - A leading `/` anchors the pattern at the repository root. Without it, GitHub's syntax anchors a
///   pattern that has a `/` before its last character (gitignore's rule) and GitLab's syntax never
///   does (a relative path matches at any depth).
/// - A trailing `/` matches a directory and everything beneath it, never a file of that name. A
///   pattern whose last segment has no wildcard also matches a directory of that name; one whose
///   last segment has a wildcard (`docs/*`) matches only what it names (direct children).
package struct OwnersPattern: Sendable, Equatable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case globstar
        case name([Character])
    }

    /// The pattern as written.
    package let description: String
    let segments: [Segment]
    let directoryOnly: Bool
    let matchesDirectories: Bool

    init(_ pattern: String, syntax: CodeOwners.Syntax) {
        description = pattern
        var body = pattern
        let leadingSlash = body.hasPrefix("/")
        if leadingSlash { body.removeFirst() }
        directoryOnly = body.hasSuffix("/")
        while body.hasSuffix("/") { body.removeLast() }
        let anchored: Bool
        switch syntax {
        case .github: anchored = leadingSlash || body.contains("/")
        case .gitlab: anchored = leadingSlash
        }
        var parsed: [Segment] = body.split(separator: "/", omittingEmptySubsequences: true).map {
            $0 == "**" ? .globstar : .name(Array($0))
        }
        if !anchored && parsed.first != .globstar { parsed.insert(.globstar, at: 0) }
        segments = parsed
        if case .name(let last)? = parsed.last {
            matchesDirectories = directoryOnly || !last.contains(where: { $0 == "*" || $0 == "?" })
        } else {
            matchesDirectories = true
        }
    }

    /// Whether the pattern matches `path` (repository-relative, `/`-separated, no leading `/`).
    package func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        return Self.match(segments[...], parts[...], directoryOnly: directoryOnly, prefixAllowed: matchesDirectories)
    }

    private static func match(
        _ pattern: ArraySlice<Segment>, _ path: ArraySlice<[Character]>, directoryOnly: Bool, prefixAllowed: Bool
    ) -> Bool {
        guard let first = pattern.first else {
            // The pattern is used up: the path itself (unless only directories match) or, when
            // directories match, any path beneath the matched directory.
            return path.isEmpty ? !directoryOnly : prefixAllowed
        }
        switch first {
        case .globstar:
            let rest = pattern.dropFirst()
            if rest.isEmpty { return !path.isEmpty }
            var remaining = path
            while true {
                if match(rest, remaining, directoryOnly: directoryOnly, prefixAllowed: prefixAllowed) { return true }
                if remaining.isEmpty { return false }
                remaining = remaining.dropFirst()
            }
        case .name(let glob):
            guard let name = path.first, globMatches(glob[...], name[...]) else { return false }
            return match(
                pattern.dropFirst(), path.dropFirst(), directoryOnly: directoryOnly, prefixAllowed: prefixAllowed)
        }
    }

    private static func globMatches(_ glob: ArraySlice<Character>, _ name: ArraySlice<Character>) -> Bool {
        guard let head = glob.first else { return name.isEmpty }
        switch head {
        case "*":
            var remaining = name
            while true {
                if globMatches(glob.dropFirst(), remaining) { return true }
                if remaining.isEmpty { return false }
                remaining = remaining.dropFirst()
            }
        case "?":
            return !name.isEmpty && globMatches(glob.dropFirst(), name.dropFirst())
        case "\\" where glob.count > 1:
            let literal = glob[glob.index(after: glob.startIndex)]
            return name.first == literal && globMatches(glob.dropFirst(2), name.dropFirst())
        default:
            return name.first == head && globMatches(glob.dropFirst(), name.dropFirst())
        }
    }
}
