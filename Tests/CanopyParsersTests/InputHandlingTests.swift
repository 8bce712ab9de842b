import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

@Suite("Detection, expansion, parallel parsing and assembly")
struct InputHandlingTests {
    @Test("detection reads content, not names: a JUnit file named .json is JUnit")
    func detectionByContent() throws {
        let xml = try String(contentsOfFile: Fixture.path("junit/xcpretty.xml"), encoding: .utf8)
        let path = try TemporaryFile.write(xml, name: "results.json")
        #expect(try InputDetector.detect(path: path) == .junitXML)
    }

    @Test("detection skips a BOM, comments and a DOCTYPE before the root")
    func detectionSkipsProlog() throws {
        let text = "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- a > b -->\n<!DOCTYPE testsuites>\n<testsuites/>"
        let path = try TemporaryFile.write(text)
        #expect(try InputDetector.detect(path: path) == .junitXML)
    }

    @Test("a directory expands to its report files, sorted, hidden files skipped")
    func directoryExpansion() throws {
        let directory = try TemporaryFile.directory()
        for name in ["b.xml", "a.json", "notes.txt", ".hidden.xml"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        try FileManager.default.createDirectory(atPath: directory + "/nested dir", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/nested dir/ü.xml"))
        let files = try InputExpander.expand([directory])
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["a.json", "b.xml", "ü.xml"])
        let globbed = try InputExpander.expand([directory + "/*.xml"])
        #expect(globbed.count == 1)
        #expect(throws: ParserError.self) { try InputExpander.expand([directory + "/missing.xml"]) }
    }

    /// `**` as the CI report actions take it (`build/**/*.xml`, any depth, none included), and a
    /// directory a pattern matches is searched as a named one.
    @Test("globs: ** matches any depth of directories, a matched directory is searched")
    func globStar() throws {
        let directory = try TemporaryFile.directory()
        for path in ["top.xml", "a/one.xml", "a/b/two.xml", "a/b/notes.txt", "a/.hidden/three.xml", "c/four.json"] {
            let url = URL(fileURLWithPath: directory + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        func names(_ pattern: String) throws -> [String] {
            try InputExpander.expand([directory + "/" + pattern]).map { String($0.dropFirst(directory.count + 1)) }
        }
        #expect(try names("**/*.xml") == ["a/b/two.xml", "a/one.xml", "top.xml"])
        #expect(try names("a/**/two.xml") == ["a/b/two.xml"])
        #expect(try names("a/**/*.xml") == ["a/b/two.xml", "a/one.xml"])
        #expect(try names("*") == ["a/b/two.xml", "a/one.xml", "c/four.json", "top.xml"])
        #expect(throws: ParserError.self) { try names("**/*.yml") }
    }

    @Test("files parse in parallel and results keep argument order")
    func parallelOrder() throws {
        let names = ["xcbeautify.xml", "empty.xml", "surefire.xml", "pytest.xml", "truncated.xml", "trainer.xml"]
        let results = ParserRegistry().parseAll(names.map { Fixture.path("junit/\($0)") })
        #expect(results.count == names.count)
        for (name, result) in zip(names, results) {
            switch result {
            case .success(let input): #expect(input.file.path.hasSuffix(name))
            case .failure(let error): #expect(error.path.hasSuffix(name))
            }
        }
        #expect(results.filter { (try? $0.get()) == nil }.count == 2)
    }

    @Test("a retry written to a second report file is an attempt of the same test")
    func assemblyFoldsAcrossFiles() throws {
        let first = try TemporaryFile.write(
            "<testsuites><testsuite name=\"S\"><testcase classname=\"A\" name=\"t()\" time=\"1\"><failure message=\"x\"/></testcase></testsuite></testsuites>"
        )
        let second = try TemporaryFile.write(
            "<testsuites><testsuite name=\"S\"><testcase classname=\"A\" name=\"t\" time=\"1\"/></testsuite></testsuites>"
        )
        let inputs = try [first, second].map { try JUnitXMLParser().parse(fileAt: $0) }
        let run = RunAssembler.assemble(inputs)
        #expect(run.tests.count == 1)
        #expect(run.tests[0].outcome == .flaky)
        #expect(run.totals.passedOnRetry == 1)
        #expect(run.inputs.count == 2)
    }
}
