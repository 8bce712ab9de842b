/// Whether a declared identifier and an identifier seen in a run name the same element.
///
/// Both sides may be templates: the source index renders dynamic pieces as `{name}` placeholders
/// named after the code (`Podcast-{podcastID}-row`), the identifier tree folds data into
/// placeholders named by its rules (`Podcast-{id}-row`). Placeholder names never matter. A
/// placeholder on either side stands for one or more characters of the other side (text or
/// placeholders) within one dot-separated segment, so `Checkout.PaymentSheet.{field}` matches
/// `Checkout.PaymentSheet.CardNumber` but `Checkout.{field}` does not match
/// `Checkout.PaymentSheet.CardNumber`. Without placeholders the two must be equal.
package enum IdentifierTemplateMatch {
    /// One character of an identifier, or a placeholder.
    enum Piece: Equatable {
        case character(Character)
        case placeholder
    }

    /// `identifier` with every `{…}` placeholder's name dropped (`Podcast-{}-row`): equal
    /// normalized forms always match.
    package static func normalized(_ identifier: String) -> String {
        guard identifier.contains("{") else { return identifier }
        return String(
            pieces(identifier).map { piece -> String in
                if case .character(let character) = piece { return String(character) }
                return "{}"
            }.joined())
    }

    /// Whether `declared` and `seen` can name the same element (see the type's rule).
    package static func matches(_ declared: String, _ seen: String) -> Bool {
        if declared == seen { return true }
        guard declared.contains("{") || seen.contains("{") else { return false }
        let left = pieces(declared)
        let right = pieces(seen)
        // match(i, j): left[i...] and right[j...] match. A placeholder consumes one piece of the
        // other side (not a dot) and then ends or goes on consuming.
        var memo: [Int: Bool] = [:]
        func match(_ i: Int, _ j: Int) -> Bool {
            if i == left.count || j == right.count { return i == left.count && j == right.count }
            let key = i * (right.count + 1) + j
            if let known = memo[key] { return known }
            let result: Bool
            switch (left[i], right[j]) {
            case (.character(let a), .character(let b)):
                result = a == b && match(i + 1, j + 1)
            case (.placeholder, .placeholder):
                result = match(i + 1, j + 1) || match(i, j + 1) || match(i + 1, j)
            case (.placeholder, .character(let b)):
                result = b != "." && (match(i + 1, j + 1) || match(i, j + 1))
            case (.character(let a), .placeholder):
                result = a != "." && (match(i + 1, j + 1) || match(i + 1, j))
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    static func pieces(_ identifier: String) -> [Piece] {
        var result: [Piece] = []
        var inPlaceholder = false
        var pending = ""
        for character in identifier {
            if inPlaceholder {
                if character == "}" {
                    inPlaceholder = false
                    pending = ""
                    result.append(.placeholder)
                } else {
                    pending.append(character)
                }
            } else if character == "{" {
                inPlaceholder = true
            } else {
                result.append(.character(character))
            }
        }
        // An unclosed `{` is text.
        if inPlaceholder { result.append(contentsOf: ("{" + pending).map(Piece.character)) }
        return result
    }
}
