/// Reads CODEOWNERS text in GitHub's or GitLab's syntax into ``CodeOwners``.
///
/// The syntax is GitLab's when the file sits in `.gitlab/` or has a section header (`[Name]`,
/// `^[Name]`); otherwise GitHub's. Lines are rules (`pattern owner…`), comments (`#…`, also after
/// a rule's owners), blanks or section headers. A pattern's `\#` and `\ ` are a literal hash and
/// space. Owners are `@user`, `@org/team` (`@group/subgroup/…`), GitLab's `@@role`, or an email.
package enum CodeOwnersParser {
    /// - Throws: `SourceError.codeOwners` naming `path` and the line of the first bad line.
    package static func parse(_ text: String, path: String) throws -> CodeOwners {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        let hasSections = lines.contains { isSectionHeader($0.trimmingLeadingSpace) }
        let syntax: CodeOwners.Syntax = hasSections || path.hasPrefix(".gitlab/") ? .gitlab : .github
        var sections = [CodeOwners.Section(name: nil)]
        var current = 0
        // The default owners of the header the rules sit under (a repeated header may set others).
        var currentDefaults: [String] = []
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let line = raw.trimmingLeadingSpace
            if line.isEmpty || line.hasPrefix("#") { continue }
            func failure(_ reason: String) -> SourceError { .codeOwners(path: path, line: number, reason: reason) }
            if isSectionHeader(line) {
                let header = try sectionHeader(line, failure: failure)
                currentDefaults = header.defaultOwners
                if let existing = sections.firstIndex(where: {
                    $0.name?.lowercased() == header.name?.lowercased()
                }) {
                    current = existing
                    if sections[existing].defaultOwners.isEmpty {
                        sections[existing].defaultOwners = header.defaultOwners
                    }
                } else {
                    sections.append(header)
                    current = sections.count - 1
                }
                continue
            }
            let tokens = tokens(of: line)
            guard var pattern = tokens.first else { continue }
            let owners = try ownerList(tokens.dropFirst(), failure: failure)
            let isExclusion = syntax == .gitlab && pattern.hasPrefix("!")
            if isExclusion { pattern.removeFirst() }
            if pattern.hasPrefix("\\#") { pattern.removeFirst() }
            sections[current].rules.append(
                CodeOwners.Rule(
                    pattern: OwnersPattern(pattern, syntax: syntax),
                    owners: owners.isEmpty ? currentDefaults : owners,
                    isExclusion: isExclusion, line: number))
        }
        if sections[0].rules.isEmpty && sections.count > 1 { sections.removeFirst() }
        return CodeOwners(path: path, syntax: syntax, sections: sections)
    }

    private static func isSectionHeader(_ line: String) -> Bool {
        line.hasPrefix("[") || line.hasPrefix("^[")
    }

    /// `^[Name][approvals] owner…`.
    private static func sectionHeader(_ line: String, failure: (String) -> SourceError) throws -> CodeOwners.Section {
        var rest = Substring(line)
        let isOptional = rest.hasPrefix("^")
        if isOptional { rest = rest.dropFirst() }
        rest = rest.dropFirst()  // "["
        guard let close = rest.firstIndex(of: "]") else { throw failure("unclosed section header '\(line)'") }
        let name = rest[..<close].trimmingCharacters(in: " \t")
        guard !name.isEmpty else { throw failure("empty section name") }
        rest = rest[rest.index(after: close)...]
        var approvals = 1
        if rest.hasPrefix("[") {
            guard let end = rest.firstIndex(of: "]") else { throw failure("unclosed approvals count '\(line)'") }
            let count = rest[rest.index(after: rest.startIndex)..<end]
            guard let value = Int(count), value >= 0 else {
                throw failure("approvals must be a whole number, found '\(count)'")
            }
            approvals = value
            rest = rest[rest.index(after: end)...]
        }
        let owners = try ownerList(tokens(of: String(rest))[...], failure: failure)
        return CodeOwners.Section(
            name: name, isOptional: isOptional, approvals: approvals, defaultOwners: owners, rules: [])
    }

    /// Owner tokens up to an inline `#` comment, each checked.
    private static func ownerList(_ tokens: ArraySlice<String>, failure: (String) -> SourceError) throws -> [String] {
        var owners: [String] = []
        for token in tokens {
            if token.hasPrefix("#") { break }
            guard isOwner(token) else {
                throw failure("'\(token)' is not an owner (expected @user, @org/team or an email address)")
            }
            owners.append(token)
        }
        return owners
    }

    private static func isOwner(_ token: String) -> Bool {
        let nameCharacters = { (c: Character) in c.isLetter || c.isNumber || "-_.".contains(c) }
        if token.hasPrefix("@") {
            let body = token.drop(while: { $0 == "@" })
            guard token.count - body.count <= 2 else { return false }
            let parts = body.split(separator: "/", omittingEmptySubsequences: false)
            return !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(nameCharacters) }
        }
        let halves = token.split(separator: "@", omittingEmptySubsequences: false)
        guard halves.count == 2, let local = halves.first, let domain = halves.last else { return false }
        return !local.isEmpty && domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }

    /// Splits on unescaped spaces and tabs; `\ ` stays a space inside its token (as `\ `, which the
    /// pattern reads as a literal space).
    private static func tokens(of line: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == " " || character == "\t" {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}

extension String {
    fileprivate var trimmingLeadingSpace: String {
        String(drop(while: { $0 == " " || $0 == "\t" }))
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
    }
}
