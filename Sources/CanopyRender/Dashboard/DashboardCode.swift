/// What the app's sources say of the elements and tests a page names (`--source`): where each
/// identifier is declared and whose the code is. Every surface (summary, comment, page, Slack)
/// looks its failures' and flaky elements' identifiers and tests up here, so they never disagree.
package struct DashboardCode: Sendable, Equatable, Codable {
    /// The source directory as given (`--source`), for the page's footnote.
    package var source: String
    /// The CODEOWNERS file read (`.github/CODEOWNERS`); nil when the directory has none.
    package var codeOwnersFile: String?
    /// The declarations of every identifier the page names, by the identifier as the page names it
    /// (a template: `Podcast-{id}-row`); an identifier no code declares is absent.
    package var declarations: [String: DashboardDeclaration] = [:]
    /// The owners of each named test's own file, by test key; a test whose file is not found or
    /// has no owner is absent.
    package var testOwners: [String: [String]] = [:]
    /// New failures by owner (the element's owners, else the test's), most failures first: a
    /// failure with two owners counts for both.
    package var newFailuresByOwner: [DashboardOwnerCount] = []
    /// New failures neither the element's code nor the test's file gives an owner.
    package var unownedNewFailures = 0
    /// Declared identifiers no test exercised in the history window, by screen.
    package var untested: [DashboardUntestedScreen] = []

    package init(source: String, codeOwnersFile: String?) {
        self.source = source
        self.codeOwnersFile = codeOwnersFile
    }

    /// The owners a failure on `identifier` in `test` is counted for: the element's, else the test's.
    package func owners(identifier: String?, test: String) -> [String] {
        if let identifier, let owners = declarations[identifier]?.owners, !owners.isEmpty { return owners }
        return testOwners[test] ?? []
    }
}

/// Where an identifier is declared, and the owners of the declaring file.
package struct DashboardDeclaration: Sendable, Equatable, Codable {
    /// Every declaring place, in file and line order; the first is shown.
    package var places: [DashboardCodePlace]
    /// The owners of the first place's file (CODEOWNERS); empty when none.
    package var owners: [String]

    package init(places: [DashboardCodePlace], owners: [String]) {
        self.places = places
        self.owners = owners
    }
}

/// A line of a source file, with its link at the run's commit when the repository is known.
package struct DashboardCodePlace: Sendable, Equatable, Codable {
    /// The file relative to the source directory (`App/Checkout/CheckoutView.swift`).
    package var file: String
    package var line: Int
    /// The line in the repository's web view at the run's commit; nil when unknown.
    package var url: String?

    package init(file: String, line: Int, url: String? = nil) {
        self.file = file
        self.line = line
        self.url = url
    }

    /// `CheckoutView.swift:42`: the file's name and the line, as the page shows it.
    package var text: String { (file.split(separator: "/").last.map(String.init) ?? file) + ":\(line)" }
}

/// How many new failures an owner has.
package struct DashboardOwnerCount: Sendable, Equatable, Codable {
    package var owner: String
    package var newFailures: Int

    package init(owner: String, newFailures: Int) {
        self.owner = owner
        self.newFailures = newFailures
    }
}

/// A screen's declared identifiers and those no UI test exercised in the history window.
package struct DashboardUntestedScreen: Sendable, Equatable, Codable {
    /// The screen: the declaring type's top-level name, else the identifier's first segment.
    package var screen: String
    package var declared: Int
    /// The identifiers never exercised (not seen in any run of the window, not queried by a UI
    /// test), in order.
    package var untested: [String]
    /// The owners of the screen's declaring files.
    package var owners: [String]

    package init(screen: String, declared: Int, untested: [String], owners: [String]) {
        self.screen = screen
        self.declared = declared
        self.untested = untested
        self.owners = owners
    }
}
