import Foundation
import Testing

/// A run is judged by pure code (docs/identity-and-verdicts.md, "Verdicts"): the verdicts and the
/// gates (`Sources/CanopyPipeline/Verdicts`, `Sources/CanopyPipeline/Gates`) are functions of the
/// values they are handed — the run, what history said of it, the configuration, the time it is
/// judged at. They open no store or file, read no clock or environment, start no thread, and
/// import only the modules of values and words; the commands do the reading and hand them values.
@Suite("the judgement is pure: it reads no store, file, clock or environment")
struct JudgementPurityTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let folders = ["Sources/CanopyPipeline/Verdicts", "Sources/CanopyPipeline/Gates"]

    /// The modules a judging file may import: values (Model, Analysis, Parsers' value types,
    /// Config) and the words of its findings (Render).
    static let allowedImports: Set<String> = [
        "Foundation", "CanopyModel", "CanopyAnalysis", "CanopyParsers", "CanopyConfig", "CanopyRender",
    ]

    /// Names whose use reads or writes outside the values handed in.
    static let impure = [
        "HistoryStore", "HistoryAccess", "HistoryJudge", "FileManager", "FileHandle", "contentsOfFile", "Process(",
        "ProcessInfo", "Date()", "DedicatedThread", "Progress", "StandardStream", "URLSession", "getenv",
    ]

    /// What `text` does that a judging file may not: each an import or a name, with its line.
    static func findings(in text: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            if code.hasPrefix("import ") {
                let module = String(code.dropFirst("import ".count))
                if !allowedImports.contains(module) { found.append("\(number + 1): import \(module)") }
                continue
            }
            for name in impure where code.contains(name) { found.append("\(number + 1): \(name)") }
        }
        return found
    }

    @Test("no verdict or gate file reads a store, a file, the clock or the environment")
    func verdictsAndGatesArePure() throws {
        var checked = 0
        for folder in Self.folders {
            let root = Self.repository.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                #expect(Self.findings(in: text).isEmpty, "\(folder)/\(file): \(Self.findings(in: text))")
                checked += 1
            }
        }
        #expect(checked >= 10, "the judging files were not found")
    }

    @Test("the scan finds a store, the clock and a stray import, and passes comments")
    func scanFindsWhatItLooksFor() {
        #expect(Self.findings(in: "import CanopyHistory") == ["1: import CanopyHistory"])
        #expect(Self.findings(in: "let now = Date()") == ["1: Date()"])
        #expect(
            Self.findings(in: "x\n    try await store.withStore { (s: any HistoryStore) in }") == ["2: HistoryStore"])
        #expect(Self.findings(in: "/// judged at `Date()` by the caller").isEmpty)
        #expect(Self.findings(in: "import CanopyConfig\nlet judgedAt: Date").isEmpty)
    }
}
