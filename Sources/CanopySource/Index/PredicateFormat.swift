/// Reads `identifier` comparisons out of an `NSPredicate` format string (not Swift source):
/// `identifier == 'x'`, `identifier = "x"`, `identifier == %@`.
enum PredicateFormat {
    enum Comparison: Equatable {
        /// A quoted identifier.
        case literal(String)
        /// The n-th (0-based) `%@` argument of the format.
        case argument(Int)
    }

    static func identifierComparisons(in format: String) -> [Comparison] {
        let characters = Array(format)
        var comparisons: [Comparison] = []
        var argumentIndex = 0
        var index = 0
        let keyword = Array("identifier")
        func skipSpaces() { while index < characters.count && characters[index] == " " { index += 1 } }
        while index < characters.count {
            if characters[index] == "%", index + 1 < characters.count, characters[index + 1] == "@" {
                argumentIndex += 1
                index += 2
                continue
            }
            let atWordStart = index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber)
            guard atWordStart, characters[index...].starts(with: keyword) else {
                index += 1
                continue
            }
            index += keyword.count
            if index < characters.count, characters[index].isLetter || characters[index].isNumber { continue }
            skipSpaces()
            guard index < characters.count, characters[index] == "=" else { continue }
            index += 1
            if index < characters.count, characters[index] == "=" { index += 1 }
            skipSpaces()
            guard index < characters.count else { break }
            let quote = characters[index]
            if quote == "'" || quote == "\"" {
                guard let end = characters[(index + 1)...].firstIndex(of: quote) else { break }
                comparisons.append(.literal(String(characters[(index + 1)..<end])))
                index = end + 1
            } else if quote == "%", index + 1 < characters.count, characters[index + 1] == "@" {
                comparisons.append(.argument(argumentIndex))
                argumentIndex += 1
                index += 2
            }
        }
        return comparisons
    }
}
