import Foundation
import Yams

/// A YAML mapping being read into typed configuration, tracking the key path for errors and
/// which keys were read, so an unknown key is an error that names it and lists the known ones.
struct ConfigSection {
    let file: String
    let path: String
    private let entries: [(key: String, value: Node, mark: Mark?)]
    private var used: Set<String> = []
    /// Where the mapping starts, for errors about it as a whole.
    private let mark: Mark?

    init(file: String, path: String, node: Node) throws {
        self.file = file
        self.path = path
        mark = node.mark
        guard case .mapping(let mapping) = node else {
            throw ConfigSection.error(
                file, path.isEmpty ? "(top level)" : path, node.mark,
                "expected a mapping of keys to values, found \(ConfigurationError.found(node))")
        }
        var entries: [(String, Node, Mark?)] = []
        for (key, value) in mapping {
            guard let name = key.string else {
                throw ConfigSection.error(file, path, key.mark, "keys must be strings")
            }
            entries.append((name, value, key.mark))
        }
        self.entries = entries
    }

    /// Where the mapping starts, `file:line` with its key path (`canopy.yml:42 (quarantine[2])`):
    /// for warnings about an entry as a whole.
    var location: String {
        (mark.map { "\(file):\($0.line)" } ?? file) + (path.isEmpty ? "" : " (\(path))")
    }

    private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The raw node for `key`, marking it as read.
    mutating func node(_ key: String) -> Node? {
        used.insert(key)
        guard let entry = entries.first(where: { $0.key == key }) else { return nil }
        if entry.value.null != nil { return nil }
        return entry.value
    }

    /// Whether `key` is given with a null value (`key: null` or `key: ~`), which reading it
    /// cannot tell from a key left out.
    mutating func isNull(_ key: String) -> Bool {
        used.insert(key)
        return entries.first { $0.key == key }?.value.null != nil
    }

    mutating func string(_ key: String) throws -> String? {
        guard let node = node(key) else { return nil }
        guard case .scalar(let scalar) = node else { throw typeError(key, node, "a string") }
        return scalar.string
    }

    /// A path or URL: text, but not a plain number or boolean (`store: 5` is a slip, and quoting
    /// it says the text is meant).
    mutating func path(_ key: String) throws -> String? {
        guard let node = node(key) else { return nil }
        guard case .scalar(let scalar) = node else { throw typeError(key, node, "a path or postgres:// URL") }
        if scalar.style == .plain, node.int != nil || node.float != nil || node.bool != nil {
            throw ConfigSection.error(
                file, child(key), node.mark,
                "expected a path or postgres:// URL, found \(node.bool != nil ? "the boolean" : "the number") \(scalar.string) (quote it if you mean that text)"
            )
        }
        return scalar.string
    }

    mutating func bool(_ key: String) throws -> Bool? {
        guard let node = node(key) else { return nil }
        guard case .scalar = node, let value = node.bool else { throw typeError(key, node, "true or false") }
        return value
    }

    mutating func int(_ key: String, range: ClosedRange<Int>? = nil) throws -> Int? {
        guard let node = node(key) else { return nil }
        guard case .scalar = node, let value = node.int else {
            // A whole number too large for Int (99999999999999999999999) is out of range, not "not a whole number".
            if case .scalar(let scalar) = node, node.tag.rawValue == Tag.Name.int.rawValue {
                throw ConfigSection.error(
                    file, child(key), node.mark,
                    "\(scalar.string) is out of range; \(range.map { "expected \($0.lowerBound)…\($0.upperBound)" } ?? "it does not fit in 64 bits")"
                )
            }
            throw typeError(key, node, "a whole number")
        }
        if let range, !range.contains(value) {
            throw ConfigSection.error(
                file, child(key), node.mark,
                "\(value) is out of range; expected \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    mutating func double(_ key: String, range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let node = node(key) else { return nil }
        guard case .scalar = node, let value = node.float.map({ Double($0) }) ?? node.int.map({ Double($0) }) else {
            throw numberError(key, node)
        }
        if let range, !range.contains(value) {
            throw ConfigSection.error(
                file, child(key), node.mark,
                "\(value) is out of range; expected \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    mutating func strings(_ key: String) throws -> [String]? {
        try strings(key, mapping: { $0 }, problem: { $0 })
    }

    /// A list of strings, each mapped by `transform`; an item it maps to nil is an error at that
    /// item's line, saying `problem(item)`.
    mutating func strings<T>(_ key: String, mapping transform: (String) -> T?, problem: (String) -> String) throws
        -> [T]?
    {
        guard let node = node(key) else { return nil }
        guard case .sequence(let sequence) = node else { throw typeError(key, node, "a list of strings") }
        return try sequence.enumerated().map { index, item in
            guard case .scalar(let scalar) = item else {
                throw ConfigSection.error(
                    file, "\(child(key))[\(index)]", item.mark,
                    "expected a string, found \(ConfigurationError.found(item))")
            }
            guard let value = transform(scalar.string) else {
                throw ConfigSection.error(file, "\(child(key))[\(index)]", item.mark, problem(scalar.string))
            }
            return value
        }
    }

    /// A regular expression, compiled now so a bad pattern is an error naming its key; '' is
    /// returned as it is when `allowingEmpty` (a key for which it means "none").
    mutating func regex(_ key: String, allowingEmpty: Bool = false) throws -> String? {
        guard let pattern = try string(key) else { return nil }
        if allowingEmpty && pattern.isEmpty { return pattern }
        try ConfigSection.validateRegex(
            pattern, file: file, path: child(key), mark: entries.first { $0.key == key }?.value.mark)
        return pattern
    }

    static func validateRegex(_ pattern: String, file: String, path: String, mark: Mark?) throws {
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            throw ConfigSection.error(
                file, path, mark,
                "'\(pattern)' is not a valid regular expression; check brackets and escapes (YAML single quotes keep backslashes as written)"
            )
        }
    }

    /// A day (`2026-12-31`, midnight UTC) or a time with a zone, read strictly: a day the
    /// calendar does not have (`2026-02-30`) is an error, not the day Foundation rolls it over to.
    mutating func date(_ key: String) throws -> Date? {
        guard let node = node(key) else { return nil }
        let expected = ConfigurationError.expectedDate
        guard case .scalar(let scalar) = node else { throw typeError(key, node, expected) }
        do {
            return try ISO8601Time.date(scalar.string)
        } catch .form {
            throw typeError(key, node, expected)
        } catch {
            throw ConfigSection.error(
                file, child(key), node.mark,
                "'\(scalar.string)' is not a date: \(error); write the day as YYYY-MM-DD, such as 2026-12-31")
        }
    }

    /// A nested mapping.
    mutating func section(_ key: String) throws -> ConfigSection? {
        guard let node = node(key) else { return nil }
        return try ConfigSection(file: file, path: child(key), node: node)
    }

    /// A list of mappings.
    mutating func sections(_ key: String) throws -> [ConfigSection]? {
        guard let node = node(key) else { return nil }
        guard case .sequence(let sequence) = node else { throw typeError(key, node, "a list") }
        return try sequence.enumerated().map { index, item in
            try ConfigSection(file: file, path: "\(child(key))[\(index)]", node: item)
        }
    }

    /// The mapping's own keys and values, for maps with free-form keys.
    var keys: [String] { entries.map(\.key) }

    /// An error about the mapping as a whole (a required key missing), at its path and line.
    func error(_ message: String) -> ConfigurationError {
        ConfigSection.error(file, path, mark, message)
    }

    /// An error about `key`'s value, at its key path and line.
    func error(at key: String, _ message: String) -> ConfigurationError {
        ConfigSection.error(file, child(key), entries.first { $0.key == key }?.mark, message)
    }

    /// An error about item `index` of the list under `key`, at that item's line.
    func error(at key: String, item index: Int, _ message: String) -> ConfigurationError {
        let entry = entries.first { $0.key == key }
        var mark = entry?.mark
        if case .sequence(let sequence)? = entry?.value, let item = Array(sequence).dropFirst(index).first {
            mark = item.mark ?? mark
        }
        return ConfigSection.error(file, "\(child(key))[\(index)]", mark, message)
    }

    /// Keys this section accepts that its reader looks at only when present, so that the
    /// unknown-key message lists them too.
    mutating func accepts(_ keys: String...) { used.formUnion(keys) }

    /// Throws for the first key that was never read.
    func finish() throws {
        for entry in entries where !used.contains(entry.key) {
            let known = used.sorted().joined(separator: ", ")
            throw ConfigSection.error(
                file, child(entry.key), entry.mark, "unknown key '\(entry.key)'; known keys here: \(known)")
        }
    }

    /// A value that is not a YAML number, with what to write when it looks like one: a percent
    /// (`60%`, which the README does not document) or a quoted number (`"0.95"`, which is text).
    private func numberError(_ key: String, _ node: Node) -> ConfigurationError {
        guard case .scalar(let scalar) = node else { return typeError(key, node, "a number") }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%"), let percent = Decimal(string: String(text.dropLast())),
            Double(String(text.dropLast())) != nil
        {
            return ConfigSection.error(
                file, child(key), node.mark,
                "expected a number, found '\(scalar.string)'; write \(text) as \(percent / 100)")
        }
        if scalar.style != .plain, Double(text) != nil {
            return ConfigSection.error(
                file, child(key), node.mark,
                "expected a number, found the text '\(scalar.string)'; remove the quotes (YAML reads a quoted value as text)"
            )
        }
        return typeError(key, node, "a number")
    }

    private func typeError(_ key: String, _ node: Node, _ expected: String) -> ConfigurationError {
        ConfigSection.error(
            file, child(key), node.mark, "expected \(expected), found \(ConfigurationError.found(node))")
    }

    static func error(_ file: String, _ path: String, _ mark: Mark?, _ message: String) -> ConfigurationError {
        var place = file
        if let mark { place += ":\(mark.line):\(mark.column)" }
        return ConfigurationError(file: place, keyPath: path, message: message)
    }
}

extension ConfigurationError {
    /// What an error says it found where a value of another kind was expected.
    static func found(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// What an error says a date key expects.
    static let expectedDate = "a date (YYYY-MM-DD, such as 2026-12-31)"
}
