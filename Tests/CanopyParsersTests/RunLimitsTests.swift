import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// A million named testcases took 931 MB: a JUnit file is read up to `JUnitLimits.testcasesPerFile`
/// testcases and refused past it, since the tests left out may be the failing ones.
@Suite("JUnit testcase limit")
struct JUnitTestcaseLimitTests {
    /// A JUnit file of `count` named testcases, one per line after two header lines, every
    /// seventh failing.
    static func junit(testcases count: Int) throws -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites><testsuite name=\"AppUITests\">\n"
        xml.reserveCapacity(count * 80)
        for index in 0..<count {
            if index % 7 == 6 {
                xml +=
                    "<testcase classname=\"Generated\" name=\"test\(index)\"><failure message=\"boom \(index)\"/></testcase>\n"
            } else {
                xml += "<testcase classname=\"Generated\" name=\"test\(index)\" time=\"0.5\"/>\n"
            }
        }
        xml += "</testsuite></testsuites>\n"
        return try TemporaryFile.write(xml, name: "many.xml")
    }

    @Test(
        "a file at the limit is read whole; one testcase more and it is refused, naming the file, the line and the limit"
    )
    func atAndPastTheLimit() throws {
        let parser = JUnitXMLParser(testcaseLimit: 20)
        let whole = try parser.parse(fileAt: try Self.junit(testcases: 20))
        #expect(whole.tests.count == 20)
        #expect(whole.tests.filter { $0.outcome == .failed }.count == 2)

        let path = try Self.junit(testcases: 21)
        #expect(
            throws: ParserError.overLimit(
                path: path, line: 23, message: "more than 20 <testcase> elements (limit: 20 testcases per JUnit file)")
        ) { try parser.parse(fileAt: path) }
        let error = try #require(throws: ParserError.self) { try parser.parse(fileAt: path) }
        #expect(error.description.hasPrefix("\(path):23: error: more than 20 <testcase> elements"))
        #expect(error.description.contains("--allow-partial"))
    }

    @Test("the threaded folder stops with the reader")
    func threadedFolding() throws {
        let path = try Self.junit(testcases: 2_000)
        let parser = JUnitXMLParser(threadedFoldingThreshold: 0, testcaseLimit: 1_500)
        #expect(throws: ParserError.self) { try parser.parse(fileAt: path) }
        #expect(
            try JUnitXMLParser(threadedFoldingThreshold: 0, testcaseLimit: 2_000).parse(fileAt: path).tests.count
                == 2_000)
    }

    @Test("the registry reads JUnit within JUnitLimits.testcasesPerFile")
    func defaultLimit() throws {
        let path = try Self.junit(testcases: JUnitLimits.testcasesPerFile + 1)
        let error = try #require(throws: ParserError.self) { try ParserRegistry().parse(fileAt: path) }
        #expect(
            error
                == .overLimit(
                    path: path, line: JUnitLimits.testcasesPerFile + 3,
                    message:
                        "more than \(JUnitLimits.testcasesPerFile) <testcase> elements (limit: \(JUnitLimits.testcasesPerFile) testcases per JUnit file)"
                ))
    }
}

/// Screens and elements are limited per run as well as per file: many files at the per-file
/// limits would add up past any runner's memory.
@Suite("Screens and elements per run")
struct RunScreenBudgetTests {
    static func snapshot(screens: Int, elementsEach: Int = 1, name: String) throws -> String {
        let children = (0..<max(0, elementsEach - 1)).map { #"{"identifier":"Row.\#($0)","elementType":"cell"}"# }
            .joined(separator: ",")
        let list = (0..<screens).map { #"{"name":"S\#($0)","root":{"elementType":"other","children":[\#(children)]}}"# }
        return try TemporaryFile.write(#"{"screens":[\#(list.joined(separator: ","))]}"#, name: name)
    }

    static func input(_ name: String, screens: Int, elementsEach: Int = 1) -> Result<ParsedInput, ParserError> {
        let children = (0..<max(0, elementsEach - 1)).map {
            ElementSnapshot(identifier: "Row.\($0)", elementType: "cell")
        }
        let list = (0..<screens).map {
            Screen(
                name: "S\($0)", source: name, kind: .elementTree,
                root: ElementSnapshot(elementType: "other", children: children))
        }
        return .success(ParsedInput(file: InputFile(path: name, format: .elementSnapshot, bytes: 1), screens: list))
    }

    static func outcome(_ results: [Result<ParsedInput, ParserError>]) -> [String] {
        results.map { result in
            switch result {
            case .success(let input): "\(input.screens.count)"
            case .failure(let error): error.description
            }
        }
    }

    @Test(
        "the input that passes the limit and every input with screens after it are refused, whatever order they finish in"
    )
    func inputOrderDecides() {
        let inputs = [
            Self.input("a.json", screens: 3), Self.input("tests.xml", screens: 0), Self.input("b.json", screens: 2),
            Self.input("c.json", screens: 1), Self.input("d.json", screens: 1),
        ]
        var outcomes: Set<[String]> = []
        for order in [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [2, 4, 0, 3, 1]] {
            let budget = RunScreenBudget(inputs: inputs.count, screenLimit: 5, elementLimit: 1_000)
            var admitted = inputs
            for index in order { admitted[index] = budget.admit(index, inputs[index]) }
            outcomes.insert(Self.outcome(budget.decide(admitted)))
        }
        #expect(
            outcomes == [
                [
                    "3", "0", "2",
                    "c.json: error: the inputs up to this one hold 6 screens (limit: 5 screens per run); nothing of it is read. Split the report, "
                        + "or run `canopy run --allow-partial` to store the run without this file, marked partial",
                    "d.json: error: the inputs up to this one hold 7 screens (limit: 5 screens per run); nothing of it is read. Split the report, "
                        + "or run `canopy run --allow-partial` to store the run without this file, marked partial",
                ]
            ])
    }

    @Test("elements are counted over the run too")
    func elements() {
        let inputs = [
            Self.input("a.json", screens: 2, elementsEach: 40), Self.input("b.json", screens: 1, elementsEach: 30),
        ]
        let budget = RunScreenBudget(inputs: 2, screenLimit: 100, elementLimit: 100)
        let admitted = [budget.admit(1, inputs[1]), budget.admit(0, inputs[0])].reversed()
        let outcome = Self.outcome(budget.decide(Array(admitted)))
        #expect(outcome.first == "2")
        #expect(
            outcome.last?.hasPrefix(
                "b.json: error: the inputs up to this one hold 110 elements (limit: 100 elements per run)") == true)
    }

    @Test("a refused input's screens are let go as soon as it is known to be refused")
    func releasedEarly() {
        let budget = RunScreenBudget(inputs: 2, screenLimit: 5, elementLimit: 1_000)
        _ = budget.admit(0, Self.input("a.json", screens: 4))
        guard case .success(let second) = budget.admit(1, Self.input("b.json", screens: 2)) else {
            Issue.record("admit keeps the result; decide refuses it")
            return
        }
        #expect(second.screens.isEmpty)
    }

    @Test("parseAll reads snapshot files within SnapshotLimits.screensPerRun")
    func parseAllAppliesTheLimit() throws {
        let perFile = SnapshotLimits.screensPerFile
        let files = SnapshotLimits.screensPerRun / perFile + 1
        let paths = try (0..<files).map { try Self.snapshot(screens: perFile, name: "screens-\($0).json") }
        let results = ParserRegistry().parseAll(paths)
        #expect(results.dropLast().allSatisfy { (try? $0.get().screens.count) == perFile })
        guard case .failure(let error) = results.last else {
            Issue.record("the last file takes the run past the limit")
            return
        }
        #expect(
            error
                == .overLimit(
                    path: paths[files - 1], line: nil,
                    message:
                        "the inputs up to this one hold \(files * perFile) screens (limit: \(SnapshotLimits.screensPerRun) screens per run)"
                ))
    }
}

/// `canopy inspect --summary` prints totals and diagnostics: it reads JUnit without captured
/// output, and what it prints must be what the full read gives.
@Suite("JUnit without captured output")
struct JUnitWithoutOutputTests {
    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.path("junit"))) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted()
    }()

    @Test(arguments: fixtures)
    func onlyTheOutputIsLeftOut(_ name: String) throws {
        let path = Fixture.path("junit/" + name)
        let full: Result<ParsedInput, ParserError> = Result { () throws(ParserError) in
            try ParserRegistry().parse(fileAt: path)
        }
        let lean: Result<ParsedInput, ParserError> = Result { () throws(ParserError) in
            try ParserRegistry(readsAttemptDetails: false).parse(fileAt: path)
        }
        switch (full, lean) {
        case (.failure(let fullError), .failure(let leanError)):
            #expect(fullError == leanError)
        case (.success(let whole), .success(let summary)):
            var expected = whole
            for test in expected.tests.indices {
                for attempt in expected.tests[test].attempts.indices {
                    expected.tests[test].attempts[attempt].output = nil
                    expected.tests[test].attempts[attempt].errorOutput = nil
                    expected.tests[test].attempts[attempt].attachments = nil
                }
            }
            #expect(summary == expected)
            #expect(RunAssembler.assemble([summary]).totals == RunAssembler.assemble([whole]).totals)
        default:
            Issue.record("one read failed and the other did not: \(full) / \(lean)")
        }
    }

    @Test("a failing attempt's output is read by default and left out when asked")
    func outputOfAFailingAttempt() throws {
        let path = Fixture.path("junit/jenkins-attachments.xml")
        let full = try ParserRegistry().parse(fileAt: path)
        let lean = try ParserRegistry(readsAttemptDetails: false).parse(fileAt: path)
        #expect(full.tests.contains { $0.attempts.contains { $0.output != nil } })
        #expect(full.tests.contains { $0.attempts.contains { $0.attachments != nil } })
        #expect(
            !lean.tests.contains {
                $0.attempts.contains { $0.output != nil || $0.errorOutput != nil || $0.attachments != nil }
            })
    }
}
