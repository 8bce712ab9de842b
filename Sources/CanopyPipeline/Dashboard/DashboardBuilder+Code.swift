import CanopyModel
import CanopyRender
import CanopySource

extension DashboardBuilder {
    /// Declarations and owners of what the page names (`DashboardCode`), from the sources'
    /// catalog; nil without one. Called once the page's lists are made: it reads their
    /// identifiers and tests.
    func markCode(_ dashboard: inout Dashboard) {
        guard let catalog = input.source else { return }
        var code = DashboardCode(
            source: input.sourceDirectory ?? catalog.root, codeOwnersFile: catalog.codeOwners?.path)
        let failureRows =
            dashboard.newFailures + (dashboard.excusedFailures + dashboard.stillFailing).compactMap(\.failure)
        var identifiers = Set(failureRows.compactMap(\.identifier))
        identifiers.formUnion(dashboard.flakyElements.map(\.identifier))
        identifiers.formUnion(dashboard.failuresByIdentifier.map(\.identifier))
        identifiers.formUnion(dashboard.clusters.compactMap(\.identifier))
        // The tree's nodes too, for its "declared" marks; a tree is bounded for the page already.
        identifiers.formUnion(dashboard.identifierTree.prefix(Self.declaredTreeNodes).map(\.path))
        for identifier in identifiers {
            let found = catalog.declarations(of: identifier)
            guard !found.isEmpty else { continue }
            code.declarations[identifier] = DashboardDeclaration(
                places: found.map { place($0.file, line: $0.line, catalog: catalog) },
                owners: catalog.owners(ofIdentifier: identifier))
        }
        var tests = Set(failureRows.map(\.test))
        tests.formUnion((dashboard.excusedFailures + dashboard.stillFailing).map(\.test))
        tests.formUnion((dashboard.flakyTests + dashboard.newlyBrokenOrFixed).map(\.test))
        tests.formUnion(dashboard.flakyElements.flatMap(\.tests))
        let testFiles = Self.testFiles(catalog.index)
        for test in tests {
            guard let file = testFiles[Self.className(of: test)] else { continue }
            let owners = catalog.owners(of: file)
            if !owners.isEmpty { code.testOwners[test] = owners }
        }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for failure in dashboard.newFailures {
            let owners = code.owners(identifier: failure.identifier, test: failure.test)
            if owners.isEmpty { code.unownedNewFailures += 1 }
            for owner in owners {
                if counts[owner] == nil { order.append(owner) }
                counts[owner, default: 0] += 1
            }
        }
        code.newFailuresByOwner = order.map { DashboardOwnerCount(owner: $0, newFailures: counts[$0] ?? 0) }
            .sorted { ($1.newFailures, $0.owner) < ($0.newFailures, $1.owner) }
        code.untested = input.untested
        dashboard.code = code
    }

    /// The tree nodes looked up in the sources at most (a tree of more is marked in its first).
    static let declaredTreeNodes = 5_000

    /// A declaration's place, linked at the run's commit when the CI names the repository.
    private func place(_ file: String, line: Int, catalog: SourceCatalog) -> DashboardCodePlace {
        let link = input.sourceLinks?.link(SourceLocation(file: catalog.root + "/" + file, line: line))
        return DashboardCodePlace(file: file, line: line, url: link?.url)
    }

    /// The UI-test classes' files by class name (a name declared twice: the first file).
    static func testFiles(_ index: SourceIndex) -> [String: String] {
        var files: [String: String] = [:]
        for test in index.testClasses where files[test.name] == nil { files[test.name] = test.file }
        return files
    }

    /// `LoginTests` of `AppUITests.LoginTests/testLogin()@iPhone 16`.
    static func className(of testKey: String) -> String {
        TestClassDeclaration.declaredName(of: TestKey(stored: testKey).className)
    }
}
