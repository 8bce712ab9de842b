import Foundation
import Testing

/// `--help` of each command is read in an 80-column terminal: it starts with the command's most
/// common use and fits without scrolling back through wrapped lines.
@Suite("--help fits a terminal and starts with the most common use")
struct HelpTests {
    /// Rows a help page may take: a 24-row terminal shows the top, a maximised one all of it.
    static let maximumLines = 60

    @Test(
        "each command's help",
        arguments: [
            ([], "canopy inspect "), (["run"], "canopy run "), (["ingest"], "canopy ingest "),
            (["check"], "canopy check "),
            (["report"], "canopy report"), (["trend"], "canopy trend "), (["inspect"], "canopy inspect "),
            (["quarantine"], "canopy quarantine add "), (["quarantine", "add"], "canopy quarantine add "),
            (["quarantine", "list"], "canopy quarantine list"), (["prune"], "canopy prune "),
            (["index-source"], "canopy index-source "), (["affected"], "canopy affected "),
        ])
    func helpPage(command: [String], commonUse: String) throws {
        let result = try CLIRunner.spawn(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        let lines = result.stdout.components(separatedBy: "\n")
        let name = (["canopy"] + command).joined(separator: " ")
        #expect(lines.count <= Self.maximumLines, "\(name) --help has \(lines.count) lines")
        let wide = lines.filter { $0.count > 80 }
        #expect(wide.isEmpty, "\(name) --help has lines wider than 80 columns:\n\(wide.joined(separator: "\n"))")
        // The overview is one paragraph; the first thing after it is the most common invocation.
        let afterOverview = lines.drop { !$0.isEmpty }.drop { $0.isEmpty }
        let first = try #require(afterOverview.first, "\(result.stdout)")
        #expect(
            first.hasPrefix("  " + commonUse),
            "\(name) --help goes on with \(first.debugDescription), not an example of \(commonUse)")
    }
}
