import Foundation
import Testing

@testable import CanopySource

/// Swift an app repository may hold that SwiftParser and the visitors cannot take whole (deep
/// nesting, long postfix chains, nested array literals whose lookahead doubles per level, files
/// of many megabytes): each such file is left out with one warning naming it and the bound, and
/// the rest of the tree is indexed. The shapes are generated here, never committed.
// The time limit guards against a hang only: a test may wait minutes for a thread of the
// cooperative pool while the CLI suites hold it; how fast the bounds skip a file is measured in
// `make soak` (source-hostile) and bench, not here.
@Suite("Hostile sources", .timeLimit(.minutes(20)))
struct HostileSourceTests {
    /// A file the index reads as usual, beside each hostile one.
    static let kept = "struct V { func f() { a.accessibilityIdentifier = \"Kept\" } }\n"

    /// Each hostile shape, by name: what it is and the kind of bound it must exceed.
    static let shapes: [(name: String, text: String, bound: String)] = [
        (
            "generics",
            "let x: " + String(repeating: "A<", count: 1_000) + "Int" + String(repeating: ">", count: 1_000), "nesting"
        ),
        ("members", "let x = a" + String(repeating: ".b", count: 12_000), "postfixChain"),
        ("calls", "let x = f" + String(repeating: "()", count: 12_000), "postfixChain"),
        ("unwraps", "let x = a" + String(repeating: "!", count: 12_000), "postfixChain"),
        ("optionalChain", "let x = a" + String(repeating: "?.b", count: 12_000), "postfixChain"),
        ("subscripts", "let x = f" + String(repeating: "[0]", count: 12_000), "postfixChain"),
        (
            "arrayLiteral",
            "let x = " + String(repeating: "[", count: 10_000) + "1" + String(repeating: "]", count: 10_000),
            "squareNesting"
        ),
        (
            "arrayType",
            "let x: " + String(repeating: "[", count: 10_000) + "Int" + String(repeating: "]", count: 10_000),
            "squareNesting"
        ),
        (
            "tupleArrays",
            "let x: " + String(repeating: "[(Int, ", count: 20) + "Int" + String(repeating: ")]", count: 20),
            "squareNesting"
        ),
        (
            "sixtyBytes", "let a = " + String(repeating: "[", count: 28) + "1" + String(repeating: "]", count: 28),
            "squareNesting"
        ),
        (
            "parentheses",
            "let x = " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000), "nesting"
        ),
        (
            "closures", "let x = " + String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000),
            "nesting"
        ),
        (
            "interpolation",
            "let x = " + String(repeating: "\"\\(f(", count: 2_000) + "1" + String(repeating: "))\"", count: 2_000),
            "nesting"
        ),
        ("large", String(repeating: "let a = \"0123456789012345678901234567890123456789\"\n", count: 90_000), "size"),
    ]

    static func kind(of bound: SourceBound) -> String {
        switch bound {
        case .size: "size"
        case .nesting: "nesting"
        case .squareNesting: "squareNesting"
        case .postfixChain: "postfixChain"
        case .treeDepth: "treeDepth"
        }
    }

    @Test("a hostile file is skipped with one warning naming it and its bound", arguments: shapes.map(\.name))
    func hostileFileIsSkipped(name: String) throws {
        let shape = try #require(Self.shapes.first { $0.name == name })
        let files = [
            SourceFile(path: "App/V.swift", text: Self.kept), SourceFile(path: "Gen/\(name).swift", text: shape.text),
        ]
        let run = SourceIndexer.index(files: files, cached: [])
        #expect(run.index.declarations.map(\.identifier) == ["Kept"])
        #expect(run.warnings.count == 1, "\(run.warnings)")
        guard case .skipped(let path, let bound) = try #require(run.warnings.first) else {
            Issue.record("not a skip: \(run.warnings)")
            return
        }
        #expect(path == "Gen/\(name).swift")
        #expect(Self.kind(of: bound) == shape.bound, "\(bound)")
        #expect(run.counts == SourceIndexer.Counts(parsed: 1, reused: 0, skipped: 1))
        #expect(run.index.files == 2)
        #expect(run.entries.map(\.path) == ["App/V.swift"], "a skipped file is never cached")
    }

    @Test("every hostile shape in one directory: the catalog loads with one warning per file")
    func hostileDirectoryLoads() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Self.kept.write(to: root.appendingPathComponent("V.swift"), atomically: true, encoding: .utf8)
        for shape in Self.shapes {
            try shape.text.write(
                to: root.appendingPathComponent("\(shape.name).swift"), atomically: true, encoding: .utf8)
        }
        let catalog = try SourceCatalog.load(directory: root.path, cacheFile: nil)
        #expect(catalog.index.declarations.map(\.identifier) == ["Kept"])
        #expect(catalog.warnings.count == Self.shapes.count, "\(catalog.warnings)")
        for shape in Self.shapes {
            let path = root.path + "/\(shape.name).swift"
            #expect(
                catalog.warnings.filter { $0.description.hasPrefix(path + ": not indexed: ") }.count == 1,
                "\(shape.name): \(catalog.warnings)")
        }
        #expect(catalog.counts.skipped == Self.shapes.count)
    }

    @Test("the size bound is the file's, in bytes, and a file at the bound is indexed")
    func sizeBoundIsInclusive() {
        let text = Self.kept + String(repeating: "// padding\n", count: 100)
        let bounds = SourceIndexBounds(
            maximumBytes: text.utf8.count, maximumNesting: 128, maximumSquareNesting: 12, maximumTreeDepth: 10_000)
        #expect(bounds.excess(of: text) == nil)
        #expect(bounds.excess(of: text + " ") == .size(bytes: text.utf8.count + 1, limit: text.utf8.count))
    }

    @Test("a tree just within the depth bound is indexed, one level deeper is skipped")
    func treeDepthBoundIsExact() throws {
        let text = "let x = a" + String(repeating: ".b", count: 200) + "\n" + Self.kept
        var tight = SourceIndexBounds.standard
        tight.maximumTreeDepth = 100
        let skipped = SourceIndexer.index(files: [SourceFile(path: "A.swift", text: text)], cached: [], bounds: tight)
        #expect(skipped.warnings == [.skipped(path: "A.swift", bound: .treeDepth(limit: 100))])
        let indexed = SourceIndexer.index(files: [SourceFile(path: "A.swift", text: text)], cached: [])
        #expect(indexed.warnings.isEmpty)
        #expect(indexed.index.declarations.map(\.identifier) == ["Kept"])
    }

    @Test("deep nesting in a debug build is parsed whole: SwiftParser is not cut at its default of 20 levels")
    func nestingUnderTheBoundIsParsedWhole() throws {
        let depth = 60
        let text =
            "let x = " + String(repeating: "f(", count: depth) + "1" + String(repeating: ")", count: depth) + "\n"
            + Self.kept
        let run = SourceIndexer.index(files: [SourceFile(path: "A.swift", text: text)], cached: [])
        #expect(run.warnings.isEmpty)
        #expect(run.index.declarations.map(\.identifier) == ["Kept"])
    }
}
