import CanopyAnalysis
import Testing

struct IdentifierSchemeTests {
    static let templated: [(String, String)] = [
        ("Podcast-123-row", "Podcast-{id}-row"),
        ("Podcast-123-row-bg", "Podcast-{id}-row-bg"),
        ("Feed.Cell.4", "Feed.Cell.{index}"),
        // A number is one placeholder whatever its length, so a list past row 999 and ids of any
        // size stay one element: `{index}` as the last dotted segment, `{id}` anywhere else.
        ("Feed.Cell.999", "Feed.Cell.{index}"),
        ("Feed.Cell.1000", "Feed.Cell.{index}"),
        ("Feed.Cell.12345", "Feed.Cell.{index}"),
        ("Podcast-42", "Podcast-{id}"),
        ("Podcast-4242", "Podcast-{id}"),
        ("Search.Filter.Chip-7", "Search.Filter.Chip-{id}"),
        // A slug is a whole dotted segment: never the start of an identifier, never words after
        // a dashed id.
        ("Podcast-42-row-bg.Title", "Podcast-{id}-row-bg.Title"),
        ("podcast-42-row.title", "podcast-{id}-row.title"),
        ("Episode_how-to-cook-2_row", "Episode_{slug}_row"),
        ("tab2", "tab2"),
        ("TabBar.tab2.button", "TabBar.tab2.button"),
        ("Cell4", "Cell4"),
        ("Order.3F2504E0-4F89-11D3-9A0C-0305E82C3301.row", "Order.{uuid}.row"),
        ("Episode.2024-05-01.title", "Episode.{date}.title"),
        ("Commit.9fceb02d0ae598e95dc970b74767f19372d61af8", "Commit.{hash}"),
        ("Episode.how-to-cook-2.row", "Episode.{slug}.row"),
        ("login_button_submit", "login_button_submit"),
        ("UIA.Health.ReviewHealthChecklistTile.Header.Title", "UIA.Health.ReviewHealthChecklistTile.Header.Title"),
        ("Loading View", "Loading View"),
        ("deadbeef", "deadbeef"),
        // Reflection ids `<Class>.<field>`, lists `<Class>.<list>.<index>`, enum raw values (`docs/input-formats.md`).
        ("RaceHeaderCollectionViewCell.watchLiveButton", "RaceHeaderCollectionViewCell.watchLiveButton"),
        ("RaceListViewController.races.3", "RaceListViewController.races.{index}"),
        ("RefineSearch.filterFacet.label", "RefineSearch.filterFacet.label"),
    ]

    @Test(arguments: templated)
    func templates(_ raw: String, _ expected: String) throws {
        let scheme = try IdentifierScheme()
        #expect(scheme.template(raw) == expected)
    }

    /// Identifiers that probe the default rules' ASCII fast paths: Unicode digits (`\d` matches
    /// them), supplementary-plane digits, a trailing newline (`$` matches before it), runs that
    /// almost make a uuid, date, hash or slug, and every position of a match.
    static let fastPathProbes = [
        "Podcast-123-row", "Feed.Cell.4", "Feed.Cell.1234", "Cell.٣", "Cell.٣٤", "Row-𝟏𝟐-x", "Cell.𝟏𝟐𝟑", "Cell.4\n",
        "Item-12\n", "Item-12a", "x-1-2-3.y", "a-1-b.c", "ab-12-cd_e", "2026-11-22", "2026-11-2", "20261-1-22",
        "deadbeef1", "DEADBEEF1", "dead-beef-1.x", "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "3F2504E0-4F89-11D3-9A0C",
        "Order.3f2504e0-4f89-11d3-9a0c-0305e82c3301.row", "A.B.000", "x_12_y", "12", "1234", "Tab.é4", "Cell.4é",
        "Σ.12.Ω", "1.2.3", "v1.2-3_4", "-12-", "..4", "Row-٣-row", "a٣b", "Podcast-42-row-bg.Title", "x.how-to-2.y",
        "how-to-2.y", "x-how-to-2.y", "x_a-b-2_y", "Feed.Cell.123456789", "Chip-12", "Chip_12", "a.12",
    ]

    @Test(arguments: fastPathProbes)
    func defaultRulesFastPathsAgreeWithTheRegexes(_ raw: String) throws {
        // An extra rule that never matches turns the fast paths off: every rule runs its regex.
        var configuration = IdentifierSchemeConfiguration()
        configuration.dynamicSegments.append(DynamicSegmentRule(placeholder: "never", pattern: "(?!)"))
        let regexOnly = try IdentifierScheme(configuration: configuration)
        #expect(try IdentifierScheme().template(raw) == regexOnly.template(raw))
    }

    /// The fold is on when asked for: it depends on the run's identifiers, so by default an
    /// identifier's template depends on the identifier alone.
    static func folding() throws -> IdentifierScheme {
        var configuration = IdentifierSchemeConfiguration()
        configuration.dataDrivenFold.enabled = true
        return try IdentifierScheme(configuration: configuration)
    }

    @Test func dataDrivenFoldIsOffByDefault() throws {
        let identifiers = (1...20).map { "Settings.option\($0)x.Toggle" }
        #expect(
            try IdentifierScheme().templates(for: identifiers)["Settings.option1x.Toggle"] == "Settings.option1x.Toggle"
        )
        #expect(try Self.folding().templates(for: identifiers)["Settings.option1x.Toggle"] == "Settings.{value}.Toggle")
    }

    @Test func dataDrivenFoldFoldsAnInnerPositionWithManyValues() throws {
        let scheme = try Self.folding()
        let countries = [
            "France", "Germany", "Spain", "Italy", "Norway", "Sweden", "Chile", "Peru", "Japan", "Kenya", "Ghana",
            "Nepal",
        ]
        var identifiers = countries.map { "Country.\($0).cell" }
        identifiers += ["Settings.wifi", "Settings.sound", "tab2"]
        let templates = scheme.templates(for: identifiers)
        #expect(templates["Country.France.cell"] == "Country.{value}.cell")
        #expect(templates["Country.Nepal.cell"] == "Country.{value}.cell")
        #expect(templates["Settings.wifi"] == "Settings.wifi")
        #expect(templates["tab2"] == "tab2")
    }

    @Test func dataDrivenFoldLeavesFewValuesAndLeavesAlone() throws {
        let scheme = try Self.folding()
        let identifiers = (1...11).map { "Country.C\($0)x.cell" }
        #expect(scheme.templates(for: identifiers)["Country.C1x.cell"] == "Country.C1x.cell")
        let leaves = (1...20).map { "Settings.option\($0)x" }
        #expect(scheme.templates(for: leaves)["Settings.option1x"] == "Settings.option1x")
    }

    @Test(arguments: [
        ("Login.Submit", true), ("login_button_submit", true), ("Loading View", false), ("1Login", false),
        ("Login..Submit", false),
    ])
    func convention(_ identifier: String, _ follows: Bool) throws {
        #expect(try IdentifierScheme().followsConvention(identifier) == follows)
    }

    @Test func invalidPatternNamesItsKeyPath() {
        var configuration = IdentifierSchemeConfiguration()
        configuration.dynamicSegments = [DynamicSegmentRule(placeholder: "x", pattern: "([")]
        #expect(throws: AnalysisError.self) { try IdentifierScheme(configuration: configuration) }
        do {
            _ = try IdentifierScheme(configuration: configuration)
        } catch {
            #expect("\(error)".contains("identifiers.dynamicSegments[0].pattern"))
        }
    }
}
