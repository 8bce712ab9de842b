import Yams

/// Finds a repeated key's second place and key path, which Yams does not give.
///
/// Yams refuses a mapping with a repeated key, naming the key and where it is first set only. To
/// point at the repeat, the first occurrence is made unique (a private-use character is put before
/// it) and the text composed again, until it composes; in that tree each marked key's mapping gives
/// the key path and the repeat that follows it. The marks are moved back to the file's columns.
enum DuplicateKeyLocator {
    /// A line and column, 1-based, in Unicode scalars (as libyaml counts them).
    struct Position: Hashable, Comparable {
        var line: Int
        var column: Int

        static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    struct Duplicate: Equatable {
        /// `gates.maximumNewFailures`, `categories[1].name`.
        var keyPath: String
        var key: String
        /// Where the key is repeated.
        var position: Position
        /// Where it is first set.
        var first: Position
    }

    /// Put before a key to make it unique: a private-use character, printable for YAML.
    private static let marker: Unicode.Scalar = "\u{E000}"
    /// How many repeated keys are marked before giving up.
    private static let attempts = 20

    /// The repeated key that comes first in `text`, given Yams' error for it: `key` is first set at
    /// `first`. Nil when it cannot be placed (the caller then reports the first place).
    static func locate(in text: String, key: String, first: Position) -> Duplicate? {
        var scalars = Array(text.unicodeScalars)
        // Marked keys by their place in the file, and the places of the markers line by line.
        var marked: [Position: String] = [:]
        var inserted: [Int: [Int]] = [:]
        var next = (key: key, position: first)
        for _ in 0..<attempts {
            let original = fileColumns(next.position, inserted)
            guard let offset = offset(of: next.position, in: scalars), marked[original] == nil else { return nil }
            scalars.insert(marker, at: offset)
            marked[original] = next.key
            inserted[original.line, default: []].append(original.column)
            inserted[original.line]?.sort()
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            do {
                guard let root = try Yams.compose(yaml: String(view)) else { return nil }
                var found: [Duplicate] = []
                collect(root, path: "", marked: marked, inserted: inserted, into: &found)
                return found.min { $0.position < $1.position }
            } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
                guard let name = duplicates.first else { return nil }
                next = (name, Position(line: context.mark.line, column: context.mark.column))
            } catch {
                return nil
            }
        }
        return nil
    }

    /// Every marked key's first repeat in its mapping, walking the tree with key paths as
    /// `ConfigSection` writes them.
    private static func collect(
        _ node: Node, path: String, marked: [Position: String], inserted: [Int: [Int]], into found: inout [Duplicate]
    ) {
        func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
        switch node {
        case .mapping(let mapping):
            let pairs = Array(mapping)
            // The key each pair stands for: a marked key's original name, else its own.
            let keys: [(name: String?, position: Position?)] = pairs.map { pair in
                guard case .scalar(let scalar) = pair.key, let mark = pair.key.mark else {
                    return (pair.key.string, nil)
                }
                let position = fileColumns(Position(line: mark.line, column: mark.column), inserted)
                if scalar.string.unicodeScalars.first == marker, let name = marked[position] { return (name, position) }
                return (scalar.string, position)
            }
            for (index, pair) in pairs.enumerated() {
                if let first = keys[index].position, let name = marked[first],
                    pair.key.string?.unicodeScalars.first == marker,
                    let again = keys[(index + 1)...].first(where: { $0.name == name }), let position = again.position
                {
                    found.append(Duplicate(keyPath: child(name), key: name, position: position, first: first))
                }
                if let name = keys[index].name {
                    collect(pair.value, path: child(name), marked: marked, inserted: inserted, into: &found)
                }
            }
        case .sequence(let sequence):
            for (index, item) in sequence.enumerated() {
                collect(item, path: "\(path)[\(index)]", marked: marked, inserted: inserted, into: &found)
            }
        case .scalar, .alias:
            break
        }
    }

    /// A position in the marked text, moved back to the file's column: less one for each marker
    /// put earlier on its line.
    private static func fileColumns(_ position: Position, _ inserted: [Int: [Int]]) -> Position {
        var earlier = 0
        for (index, column) in (inserted[position.line] ?? []).enumerated() where column + index < position.column {
            earlier += 1
        }
        return Position(line: position.line, column: position.column - earlier)
    }

    /// The index of the scalar at `position`, counting lines as libyaml does (CR LF, LF, CR, NEL,
    /// LS and PS end a line).
    private static func offset(of position: Position, in scalars: [Unicode.Scalar]) -> Int? {
        var line = 1
        var column = 1
        var index = 0
        while index < scalars.count {
            if line == position.line && column == position.column { return index }
            switch scalars[index] {
            case "\r" where index + 1 < scalars.count && scalars[index + 1] == "\n":
                index += 1
                fallthrough
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                line += 1
                column = 1
            default:
                column += 1
            }
            index += 1
        }
        return nil
    }
}
