import CanopyModel
import Foundation
import Testing

@testable import CanopyAnalysis

/// The shortcuts the analysis takes for speed must answer exactly what the slow way answers.
struct FastPathTests {
    /// Messages that hit, nearly hit and miss the default category patterns: case variants,
    /// non-ASCII text (ICU folds `K` KELVIN SIGN to `k`), literals split across lines.
    static let probes: [String] =
        FailureCategoryTests.wordings.map(\.0) + [
            "", "x", "NO MATCHES FOUND", "no matches found", "No match", "Lost connection to THE APPLICATION",
            "Failed to launch", "Failed to", "Application com.example.app is not running",
            "Application  is not running",
            "exceeds maximum length of 128 characters", "exceeds maximum length of characters", "HTTP 503",
            "HTTP status 404",
            "HTTP 200", "request timed out", "Timed out waiting for app to idle", "Timed out waiting for",
            "unfulfilled expectation",
            "XCTAssert", "xctassert", "#expect(x == 1)", "Keyboard is not visible", "Potentially inaccessible text",
            "Failed to initialise test bundle", "Failed to initialize test bundle", "Failed to load test bundle",
            "No matches \u{212A}ound", "Lost \u{212A}onnection to test manager", "Contrast nearly failed",
            "Contrast passed",
            "Snapshots contain a different number of items", "not hit\ntable", "EXC_BAD_ACCESS (code=1)",
            "Fatal error: boom",
            "ﬁnd", "Ünable to find", "does not exist 😀", "Session-level issue",
        ]

    @Test func categoryPatternsAgreeWithTheirRegexesOnEveryProbe() throws {
        for rule in FailureCategoryRule.defaults {
            let pattern = try CompiledPattern(rule.pattern)
            let regex = try NSRegularExpression(pattern: rule.pattern, options: [.caseInsensitive])
            for probe in Self.probes {
                let expected =
                    regex.firstMatch(in: probe, range: NSRange(location: 0, length: probe.utf16.count)) != nil
                #expect(pattern.matches(probe) == expected, "\(rule.name) on \(probe)")
            }
        }
    }

    @Test func everyDefaultCategoryPatternHasRequiredLiterals() throws {
        // Otherwise the prefilter never skips the regex and the fast path is not tested above.
        for rule in FailureCategoryRule.defaults {
            let literals = RequiredLiterals(pattern: rule.pattern, caseInsensitive: true)
            #expect(!literals.alternatives.isEmpty, "\(rule.name)")
        }
    }

    @Test(arguments: [
        ("(?i)abc", true), ("(?x) a b c", true), ("(a)\\1xyz", true), ("\\Qabc\\E", true), ("abc|x", true),
        ("[[a-z]]abcd", true), ("\\p{L}abc", true), ("ß-literal", true), ("abc(?=def)", true), ("abc{|defg", true),
        ("abc{x}|defg", true),
    ])
    func patternsItCannotReadGetNoPrefilter(_ pattern: String, _ caseInsensitive: Bool) {
        #expect(RequiredLiterals(pattern: pattern, caseInsensitive: caseInsensitive).alternatives.isEmpty, "\(pattern)")
    }

    @Test func quantifiedCharactersLeaveTheLiteral() {
        let literals = RequiredLiterals(
            pattern: "unfulfilled expectations?|colou?r chart|a+bcdef|x{2,3}yzzy", caseInsensitive: true)
        #expect(
            literals.alternatives.map { String(decoding: $0, as: UTF8.self) } == [
                "unfulfilled expectation", "r chart", "bcdef", "yzzy",
            ])
        #expect(literals.mayMatch(PreparedText("UNFULFILLED EXPECTATION")))
        #expect(literals.mayMatch(PreparedText("the colour chart")))
        #expect(!literals.mayMatch(PreparedText("nothing here")))
        #expect(literals.mayMatch(PreparedText("nothing h\u{E9}re")), "non-ASCII text always goes to the regex")
    }

    @Test func absorbingInRunOrderMatchesRecordingInRunOrder() {
        var whole = NodeFacts()
        var first = NodeFacts()
        var second = NodeFacts()
        let events: [(String, NodeSource, String?, Int)] = [
            ("A-1", .output, "button", 1), ("A-2", .failure, nil, 1), ("A-1", .output, "cell", 2),
            ("A-3", .snapshot, "button", 3),
            ("A-4", .audit, nil, 4), ("A-2", .failure, "button", 5),
        ]
        for (index, (identifier, source, type, test)) in events.enumerated() {
            whole.note(identifier: identifier, source: source, elementType: type)
            whole.tests.insert(test)
            if index < 2 {
                first.note(identifier: identifier, source: source, elementType: type)
                first.tests.insert(test)
            } else {
                second.note(identifier: identifier, source: source, elementType: type)
                second.tests.insert(test)
            }
        }
        whole.failedTests = [1, 2, 3]
        first.failedTests = [1]
        second.failedTests = [2, 3]
        var merged = first
        merged.absorb(second)
        #expect(merged.examples == whole.examples)
        #expect(merged.examples == ["A-1", "A-2", "A-3"])
        #expect(merged.sources == whole.sources)
        #expect(merged.sources == [.audit, .failure, .output, .snapshot])
        #expect(merged.elementTypes == whole.elementTypes)
        #expect(merged.tests == whole.tests)
        #expect(merged.failedTests == whole.failedTests)
    }

    @Test(arguments: [0, 1, 2, 63, 64, 1000, 100_003])
    func rangesCoverEveryIndexOnceInOrder(_ count: Int) {
        let ranges = ParallelMap.mapRanges(count) { $0 }
        #expect(ranges.flatMap { Array($0) } == Array(0..<count))
        #expect(ranges.allSatisfy { !$0.isEmpty })
    }

    @Test func bothRunsEachSideOnce() {
        let (left, right) = ParallelMap.both({ (0..<1000).reduce(0, +) }, { "right" })
        #expect(left == 499_500)
        #expect(right == "right")
    }

    @Test(arguments: [
        #"Tap "Feed.Cell.4" Text Field"#, #"Tap "Feed.Cell.4" Static Text"#, #"Tap "X" Secure Text Field now"#,
        #"Tap "X" Button"#, #"Tap "X" Buttons"#, #"Tap "X" Progress Indicator Button"#, #"Tap "X"   Button"#,
        #"Tap "X" button"#,
    ])
    func elementTypesReadFromUpToThreeWords(_ line: String) {
        // The longest run of words naming a type wins, compared without case or spaces; the
        // first word is capitalised, as XCUITest writes types (a lowercase word is prose).
        let expected: [String: String?] = [
            #"Tap "Feed.Cell.4" Text Field"#: "textField", #"Tap "Feed.Cell.4" Static Text"#: "staticText",
            #"Tap "X" Secure Text Field now"#: "secureTextField", #"Tap "X" Button"#: "button",
            #"Tap "X" Buttons"#: nil,
            #"Tap "X" Progress Indicator Button"#: "progressIndicator", #"Tap "X"   Button"#: nil,
            #"Tap "X" button"#: nil,
        ]
        let references = IdentifierExtractor.references(in: line)
        #expect(references.first?.elementType == expected[line] ?? nil, "\(line)")
    }
}
