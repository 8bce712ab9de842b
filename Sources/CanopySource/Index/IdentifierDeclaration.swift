/// An accessibility identifier declared in the app's or the UI tests' Swift sources.
package struct IdentifierDeclaration: Sendable, Equatable, Hashable, Codable {
    /// How the identifier is written.
    package enum Kind: String, Sendable, Equatable, Hashable, Codable {
        /// A string literal or a string constant (`static let`/`let`), possibly across files.
        case literal
        /// Built from several pieces: interpolation, `+`, enum raw values; dynamic pieces become
        /// `{name}` placeholders (`Podcast-{id}-row`).
        case composed
        /// Named after a type by reflection: `\(Self.self)`, `type(of: self)`,
        /// `String(describing:)`, or a `Mirror` helper's `<Type>.<property>`.
        case reflection
        /// A case of a `String` enum in a UI-test file (`case payButton = "Checkout.PayButton"`).
        case locator
    }

    /// The identifier, or its template with `{name}` placeholders for dynamic pieces.
    package var identifier: String
    package var kind: Kind
    /// The file, relative to the indexed directory.
    package var file: String
    /// The 1-based line of the declaration.
    package var line: Int
    /// The enclosing type, dotted for nested types (`PodcastRow.Badge`); `nil` at file level.
    package var type: String?

    /// Whether the identifier has placeholders.
    package var isTemplate: Bool { identifier.contains("{") }
}

/// An identifier a UI test queries (`app.buttons[…]`, `matching(identifier:)`, an `NSPredicate`
/// comparing `identifier`), resolved like a declaration.
package struct IdentifierQuery: Sendable, Equatable, Hashable, Codable {
    package var identifier: String
    package var file: String
    package var line: Int
    /// The enclosing type (the test class).
    package var type: String?
    /// The enclosing function (the test method).
    package var function: String?
    /// Whether the key is an element query's subscript (`app.buttons["Cancel"]`), which XCUITest
    /// matches against an element's label as well as its identifier; false for
    /// `matching(identifier:)` and predicates comparing `identifier`.
    package var bySubscript = false
}

/// An identifier expression Canopy could not resolve to text; recorded, never guessed.
package struct UnresolvedIdentifier: Sendable, Equatable, Hashable, Codable {
    /// The expression's source text, trimmed.
    package var expression: String
    package var file: String
    package var line: Int
    package var type: String?
}

/// A UI-test class: a class in a file that imports XCTest that inherits, directly or through
/// classes of the index, from a class whose name ends in `TestCase` (`XCTestCase`, a project's
/// `UITestCase`); see ``SourceIndex/testClasses``.
package struct TestClassDeclaration: Sendable, Equatable, Hashable, Codable {
    package var name: String
    package var file: String
    package var line: Int
    /// The inheritance clause's types as written, superclass first (`UITestCase`, `LoginSteps`):
    /// a helper of any of them (or of theirs) is a helper of this class.
    package var inherits: [String] = []

    /// The name Swift declares a test class by (`LoginTests`) for the class a producer reported
    /// (`AppUITests.LoginTests` or `LoginTests`): the last dot-separated part.
    package static func declaredName(of reportedClass: String) -> String {
        reportedClass.split(separator: ".").last.map(String.init) ?? reportedClass
    }
}

/// An extension's or a protocol's inheritance clause in a file that imports XCTest
/// (`extension LoginTests: Navigating`, `protocol SignedIn: Navigating`): types whose helpers the
/// extended type, or every class adopting the protocol, inherits too.
package struct TypeConformance: Sendable, Equatable, Hashable, Codable {
    /// The extended type or the protocol (`LoginTests`).
    package var name: String
    /// As written.
    package var inherits: [String]
}

/// One Swift source file to index: its path relative to the indexed directory and its text.
package struct SourceFile: Sendable, Equatable {
    package var path: String
    package var text: String

    package init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// What the second pass finds in one file. One Codable struct, so that the source-index cache
/// keeps every field of a file's share of ``SourceIndex``.
package struct FileIndex: Sendable, Equatable, Codable {
    package var declarations: [IdentifierDeclaration] = []
    package var queries: [IdentifierQuery] = []
    package var unresolved: [UnresolvedIdentifier] = []
    package var testClasses: [TestClassDeclaration] = []
    package var conformances: [TypeConformance] = []
}

/// The identifier declarations, queries and unresolved expressions of a source tree.
package struct SourceIndex: Sendable, Equatable, Codable {
    /// Counts for the index's summary line.
    package struct Summary: Sendable, Equatable, Codable {
        package var files: Int
        package var declarations: Int
        package var templates: Int
        package var queries: Int
        package var unresolved: Int
    }

    /// In file order, then line order.
    package var declarations: [IdentifierDeclaration]
    /// The identifier queries: `matching(identifier:)`, predicates, and subscripts whose key a
    /// declaration of the tree names (templates matching).
    package var queries: [IdentifierQuery]
    /// Subscript queries whose key no declaration names (`app.buttons["Cancel"]`): XCUITest
    /// matches them by label, so they are kept apart and select or exercise nothing.
    package var labelQueries: [IdentifierQuery] = []
    package var unresolved: [UnresolvedIdentifier]
    /// The UI-test classes, in file order: a test's own file by its class name.
    package var testClasses: [TestClassDeclaration] = []
    /// The extensions and protocols of UI-test files that inherit types, in file order.
    package var conformances: [TypeConformance] = []
    package var files: Int

    package var summary: Summary {
        Summary(
            files: files, declarations: declarations.count, templates: declarations.count(where: \.isTemplate),
            queries: queries.count, unresolved: unresolved.count)
    }
}
