/// One captured screen: an element tree from a snapshot file.
package struct Screen: Sendable, Equatable, Hashable, Codable {
    /// What the snapshot carries.
    package enum Kind: String, Sendable, Equatable, Hashable, Codable {
        /// Canopy's element-tree snapshot: identifiers, labels, types, frames.
        case elementTree
        /// An A11yUITests snapshot: labels, types, traits and frames but no identifiers, so only
        /// label coverage can be measured from it.
        case labelOnly
    }

    /// The screen's name (`Checkout.PaymentSheet`, or derived from the file name).
    package var name: String
    /// The input file it was read from.
    package var source: String
    /// The test that captured it, when known (`LoginTests/testLogin()`).
    package var test: String?
    package var kind: Kind
    package var root: ElementSnapshot

    package init(name: String, source: String, test: String? = nil, kind: Kind, root: ElementSnapshot) {
        self.name = name
        self.source = source
        self.test = test
        self.kind = kind
        self.root = root
    }

    /// Visits the screen's elements depth-first, parents before children. A label-only screen's
    /// root is the container its parser made for the snapshot's items, not an element of the app,
    /// so it is not visited: an empty A11yUITests snapshot has no elements.
    package func forEachElement(_ body: (ElementSnapshot) throws -> Void) rethrows {
        switch kind {
        case .elementTree: try root.forEachElement(body)
        case .labelOnly: for child in root.children { try child.forEachElement(body) }
        }
    }
}
