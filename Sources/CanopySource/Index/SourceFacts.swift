import SwiftParser
import SwiftSyntax

/// What the first pass learns from every file, for the second pass to resolve identifiers with:
/// string constants, `String` enums' cases, view properties of each type and the names of
/// reflection helpers. Codable for the source-index cache; two facts are equal when their
/// source texts are, whether or not they hold a parsed expression.
struct SourceFacts: Equatable, Codable {
    /// A `let`/`static let` whose initializer is resolved on demand, in the scope it was declared.
    struct Constant: Equatable, Codable {
        /// The initializer's source text, trimmed: what is cached and compared.
        var source: String
        var scope: [String]
        /// The initializer as parsed with its file in this run; nil when read from the cache.
        var syntax: ExprSyntax?

        init(value: ExprSyntax, scope: [String]) {
            source = value.trimmedDescription
            self.scope = scope
            syntax = value
        }

        /// The initializer: the parsed one, else `source` parsed now (an expression alone
        /// parses to the same shape as in its file).
        var value: ExprSyntax {
            if let syntax { return syntax }
            var parser = Parser(source)
            return ExprSyntax.parse(from: &parser)
        }

        static func == (lhs: Constant, rhs: Constant) -> Bool {
            lhs.source == rhs.source && lhs.scope == rhs.scope
        }

        private enum CodingKeys: String, CodingKey {
            case source, scope
        }
    }

    /// A case of a `String` enum: its raw value (the case name when none is written).
    struct EnumCase: Equatable, Codable {
        var name: String
        var rawValue: String
    }

    /// A stored property whose type looks like a view (`UIButton`, `titleLabel: UILabel`).
    struct ViewProperty: Equatable, Codable {
        var name: String
        var line: Int
    }

    /// Constants by qualified name (`AccessibilityID.Checkout.payButton`, `PaymentSheetView.sheetID`).
    var constants: [String: Constant] = [:]
    /// `String` enum cases by qualified name (`Screen.checkout`).
    var enumCases: [String: EnumCase] = [:]
    /// View properties by qualified type name.
    var viewProperties: [String: [ViewProperty]] = [:]
    /// Functions whose body reads `Mirror(reflecting:)` and assigns `accessibilityIdentifier`:
    /// each call gives the caller's view properties `<Type>.<property>` identifiers.
    var reflectionHelpers: Set<String> = []

    /// These facts holding no syntax: a constant's parsed initializer keeps its file's whole tree
    /// alive, so facts kept past their file's pass keep only the source text.
    var detached: SourceFacts {
        var facts = self
        for name in facts.constants.keys { facts.constants[name]?.syntax = nil }
        return facts
    }

    mutating func merge(_ other: SourceFacts) {
        constants.merge(other.constants) { first, _ in first }
        enumCases.merge(other.enumCases) { first, _ in first }
        viewProperties.merge(other.viewProperties) { $0 + $1 }
        reflectionHelpers.formUnion(other.reflectionHelpers)
    }

    /// The qualified names to try for `name` seen inside `scope`, innermost first.
    static func candidates(_ name: String, scope: [String]) -> [String] {
        (0...scope.count).reversed().map { (scope.prefix($0) + [name]).joined(separator: ".") }
    }
}

/// Type names that mark a stored property as a view for a reflection helper.
enum ViewTypeNames {
    static let suffixes = [
        "View", "Button", "Label", "Cell", "Field", "Control", "Switch", "Slider", "Stepper", "Bar", "Indicator",
        "Picker",
    ]

    static func isView(_ typeName: String) -> Bool {
        suffixes.contains { typeName.hasSuffix($0) }
    }
}
