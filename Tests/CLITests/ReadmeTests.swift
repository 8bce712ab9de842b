import Foundation
import Testing

/// The README's promises hold: its blocks marked runnable (a `<!-- runnable -->` line right before
/// the fence) run against the sample data and succeed, and its links and the reference pages'
/// name files that exist (and, for `#anchors`, headings that exist).
@Suite("README: runnable blocks run, links resolve")
struct ReadmeTests {
    static let marker = "<!-- runnable -->"

    /// The shell blocks that follow a `<!-- runnable -->` line, each with its line number.
    static func runnableBlocks(_ text: String) -> [(line: Int, code: String)] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [(Int, String)] = []
        var index = 0
        while index < lines.count {
            if lines[index].trimmingCharacters(in: .whitespaces) == marker, index + 1 < lines.count,
                lines[index + 1].hasPrefix("```")
            {
                var body: [String] = []
                var end = index + 2
                while end < lines.count && !lines[end].hasPrefix("```") {
                    body.append(lines[end])
                    end += 1
                }
                blocks.append((index + 2, body.joined(separator: "\n")))
                index = end
            }
            index += 1
        }
        return blocks
    }

    @Test("each runnable block runs from a checkout's root with canopy on the PATH and exits 0")
    func runnableBlocksRun() throws {
        let readme = try String(contentsOf: CLIRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.runnableBlocks(readme)
        #expect(!blocks.isEmpty, "the README marks no block runnable")
        for block in blocks {
            // A checkout's root as the README's reader has it: the sample data and the configuration,
            // with nothing generated yet.
            let root = try CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: root) }
            try FileManager.default.createDirectory(atPath: root + "/Reports", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: root + "/Reports/samples",
                withDestinationPath: CLIRunner.repository.appendingPathComponent("Reports/samples").path)
            try FileManager.default.createSymbolicLink(
                atPath: root + "/Config",
                withDestinationPath: CLIRunner.repository.appendingPathComponent("Config").path)
            let script = root + "/block.sh"
            try ("set -euo pipefail\n" + block.code + "\n").write(toFile: script, atomically: true, encoding: .utf8)
            let bin = (CLIRunner.binary as NSString).deletingLastPathComponent
            let path =
                (bin.hasPrefix("/") ? bin : FileManager.default.currentDirectoryPath + "/" + bin) + ":"
                + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let result = try Self.bash(script, directory: root, path: path)
            #expect(result.status == 0, "README.md:\(block.line): exit \(result.status)\n\(result.output)")
            #expect(!result.output.isEmpty, "README.md:\(block.line) printed nothing")
        }
    }

    static func bash(_ script: String, directory: String, path: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script]
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("GITHUB_") && !$0.key.hasPrefix("CANOPY_") && $0.key != "CI"
                && !$0.key.hasPrefix("GITLAB")
        }
        environment["PATH"] = path
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let file = directory + "/block.out"
        FileManager.default.createFile(atPath: file, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
    }

    /// `[text](target)` links of a Markdown text that are not URLs or mail, with their line.
    static func relativeLinks(_ text: String) -> [(line: Int, target: String)] {
        var links: [(Int, String)] = []
        var inFence = false
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") { inFence.toggle() }
            if inFence { continue }
            for match in line.matches(of: #/\]\(([^)\s]+)\)/#) {
                let target = String(match.output.1)
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                links.append((number + 1, target))
            }
        }
        return links
    }

    /// GitHub's anchor of a heading: lowercased, punctuation but `-` and `_` dropped, spaces as `-`.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
                return nil
            })
    }

    static func anchors(in file: URL) throws -> Set<String> {
        let text = try String(contentsOf: file, encoding: .utf8)
        var inFence = false
        var found: Set<String> = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            found.insert(anchor(String(line.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)))
        }
        return found
    }

    @Test("every relative link of the README and the docs names a file that exists, and a heading there")
    func linksResolve() throws {
        let repository = CLIRunner.repository
        let docs = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var checked = 0
        for page in ["README.md", "CONTRIBUTING.md"] + docs.sorted() {
            let file = repository.appendingPathComponent(page)
            let text = try String(contentsOf: file, encoding: .utf8)
            for (line, target) in Self.relativeLinks(text) {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
                    String.init)
                let destination =
                    parts[0].isEmpty
                    ? file : file.deletingLastPathComponent().appendingPathComponent(parts[0]).standardized
                #expect(
                    FileManager.default.fileExists(atPath: destination.path),
                    "\(page):\(line): \(target) does not exist")
                if parts.count == 2, destination.pathExtension == "md",
                    FileManager.default.fileExists(atPath: destination.path)
                {
                    #expect(
                        try Self.anchors(in: destination).contains(parts[1]),
                        "\(page):\(line): no heading #\(parts[1]) in \(parts[0].isEmpty ? page : parts[0])")
                }
                checked += 1
            }
        }
        #expect(checked > 20, "only \(checked) links found")
    }
}
