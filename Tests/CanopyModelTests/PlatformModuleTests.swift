import Foundation
import Testing

/// The C library is reached through one `Platform.swift` per module (CONTRIBUTING.md, "Code style"): a
/// platform module named anywhere else builds on one system and breaks the other.
@Suite("Platform modules are named only in Platform.swift")
struct PlatformModuleTests {
    /// The folders of every target `swift build` compiles.
    static let sourceFolders = ["Sources", "Benchmarks", "Fuzz"]
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("no Swift file outside a Platform.swift imports, qualifies or tests for Glibc, Darwin or Musl")
    func onlyPlatformFilesNamePlatformModules() throws {
        var scanned = 0
        var findings: [String] = []
        for folder in Self.sourceFolders {
            let root = Self.repository.appendingPathComponent(folder)
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".swift"), (relative as NSString).lastPathComponent != "Platform.swift" else {
                    continue
                }
                let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
                scanned += 1
                findings += try PlatformModuleScanner.findings(in: text).map {
                    "\(folder)/\(relative):\($0.line): \($0.text)"
                }
            }
        }
        #expect(scanned > 100, "the scan found only \(scanned) Swift files under \(Self.repository.path)")
        #expect(findings.isEmpty, "move these into the module's Platform.swift:\n\(findings.joined(separator: "\n"))")
    }

    @Test(
        "the scanner finds each way of naming a platform module, and not prose in comments",
        arguments: [
            ("import Glibc", true), ("@preconcurrency import Darwin", true), ("import Musl", true),
            ("let n = Glibc.read(fd, buffer, size)", true), ("_ = Darwin.glob(p, 0, nil, &g)", true),
            ("#if canImport(Glibc)", true), ("#elseif canImport(Darwin)", true),
            ("let n = Platform.read(fd, into: buffer, count: size)", false),
            ("// ru_maxrss is in bytes on Darwin.", false), ("/// Glibc.read shadowed by a method", false),
            ("let name = \"GlibcInfo\"", false), ("import Foundation", false), ("#if os(Linux)", false),
        ])
    func scannerCatchesEveryForm(line: String, flagged: Bool) throws {
        #expect(try PlatformModuleScanner.findings(in: "let a = 1\n" + line + "\n").map(\.line) == (flagged ? [2] : []))
    }
}

/// Finds the lines of Swift source that name a platform module outside comments.
enum PlatformModuleScanner {
    static let modules = ["Glibc", "Darwin", "Musl"]

    static func findings(in source: String) throws -> [(line: Int, text: String)] {
        let alternatives = modules.joined(separator: "|")
        let patterns = [
            "\\bimport\\s+(\(alternatives))\\b", "\\b(\(alternatives))\\s*\\.",
            "canImport\\(\\s*(\(alternatives))\\s*\\)",
        ]
        let expressions = try patterns.map { try NSRegularExpression(pattern: $0) }
        var result: [(line: Int, text: String)] = []
        for (index, rawLine) in source.components(separatedBy: "\n").enumerated() {
            let code = rawLine.range(of: "//").map { String(rawLine[..<$0.lowerBound]) } ?? rawLine
            let range = NSRange(code.startIndex..., in: code)
            if expressions.contains(where: { $0.firstMatch(in: code, range: range) != nil }) {
                result.append((index + 1, rawLine.trimmingCharacters(in: .whitespaces)))
            }
        }
        return result
    }
}
