import CanopyModel
import Foundation

/// Parses A11yUITests' element list: `Label: "X" Button, Identifier: "Y" Text Field, [No identifier] Image.`
enum A11yUITestsElementList {
    /// How A11yUITests begins each element of the list.
    enum Start: String, CaseIterable {
        case label = "Label: \""
        case identifier = "Identifier: \""
        case noIdentifier = "[No identifier]"
    }

    static func parse(_ line: String) -> [ElementReference] {
        var text = Substring(line.trimmingCharacters(in: .whitespaces))
        if text.hasSuffix(".") { text = text.dropLast() }
        var elements: [ElementReference] = []
        while !text.isEmpty {
            var element = ElementReference()
            if text.hasPrefix("Label: \"") || text.hasPrefix("Identifier: \"") {
                let isLabel = text.hasPrefix("Label: ")
                text = text.drop { $0 != "\"" }.dropFirst()
                guard let close = closingQuote(in: text) else { return elements }
                let value = String(text[..<close])
                if isLabel { element.label = value } else { element.identifier = value }
                text = text[text.index(after: close)...]
            } else if text.hasPrefix(Start.noIdentifier.rawValue) {
                text = text.dropFirst(Start.noIdentifier.rawValue.count)
            } else {
                return elements
            }
            let end = text.range(of: ", ")?.lowerBound ?? text.endIndex
            let typeName = text[..<end].trimmingCharacters(in: .whitespaces)
            if !typeName.isEmpty { element.elementType = ElementTypeCaseName.name(text: typeName) ?? typeName }
            elements.append(element)
            text = end == text.endIndex ? "" : text[end...].dropFirst(2)
        }
        return elements
    }

    /// The quote that ends a quoted value: the last `"` before the next `, Label:`/`, Identifier:`/
    /// `, [No identifier]` or the end, so labels may contain quotes and commas.
    private static func closingQuote(in text: Substring) -> Substring.Index? {
        var limit = text.endIndex
        for next in Start.allCases {
            if let range = text.range(of: ", " + next.rawValue), range.lowerBound < limit { limit = range.lowerBound }
        }
        return text[..<limit].lastIndex(of: "\"")
    }
}
