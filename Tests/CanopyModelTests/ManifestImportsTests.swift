import Foundation
import Testing

/// Each target of `Package.swift` declares exactly the modules its Swift files import
/// (CONTRIBUTING.md, "Code style"): a module imported but not declared builds only while another
/// dependency happens to bring it, and one declared but never imported is a dependency nobody needs.
@Suite("The manifest declares exactly the modules each target imports")
struct ManifestImportsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("every target's dependencies are the modules its files import, no more and no fewer")
    func manifestMatchesImports() throws {
        let manifest = try String(contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = try ManifestReader.targets(in: manifest)
        #expect(targets.count > 15, "the reader found only \(targets.count) targets in Package.swift")
        let executables = Set(targets.filter { $0.kind == "executableTarget" }.map(\.name))
        var findings: [String] = []
        var scanned = 0
        for target in targets where target.kind != "systemLibrary" && target.kind != "plugin" {
            let folder = Self.repository.appendingPathComponent(target.path)
            let enumerator = try #require(
                FileManager.default.enumerator(atPath: folder.path), "\(target.name): no folder \(target.path)")
            var imports: [String: String] = [:]
            while let relative = enumerator.nextObject() as? String {
                // `Fixtures/` is copied into the test bundle as resources, never compiled: the source
                // index's fixture app imports UIKit and SwiftUI as an app does.
                guard relative.hasSuffix(".swift"), !relative.hasPrefix("Fixtures/") else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                scanned += 1
                for found in ImportScanner.imports(in: text) where imports[found.module] == nil {
                    imports[found.module] = "\(target.path)/\(relative):\(found.line)"
                }
            }
            let declared = Set(target.dependencies)
            for (module, place) in imports.sorted(by: { $0.key < $1.key })
            where !ImportScanner.toolchainModules.contains(module) && !declared.contains(module) {
                findings.append("\(target.name) imports \(module) (\(place)) but does not declare it")
            }
            // A dependency on an executable target builds the binary a test runs; nothing imports it.
            for module in declared.sorted() where imports[module] == nil && !executables.contains(module) {
                findings.append("\(target.name) declares \(module) but no file of \(target.path) imports it")
            }
        }
        #expect(scanned > 300, "the scan found only \(scanned) Swift files under \(Self.repository.path)")
        #expect(findings.isEmpty, "fix Package.swift:\n\(findings.joined(separator: "\n"))")
    }

    @Test("the reader finds each target's kind, name, folder and every form of dependency")
    func readerReadsTargets() throws {
        let manifest = """
            let package = Package(
                name: "P",
                products: [.executable(name: "tool", targets: ["tool"])],
                dependencies: [.package(url: "https://example.com/a/b", from: "1.0.0")],
                targets: [
                    // A comment naming "Ghost" is not a target.
                    .target(name: "A", dependencies: ["B", .product(name: "NIOCore", package: "swift-nio")]),
                    .target(
                        name: "B",
                        dependencies: [.target(name: "C"), .byName(name: "D")],  // the rest
                        path: "Lib/B", swiftSettings: [.define("X")]
                    ),
                    .systemLibrary(name: "C", pkgConfig: "c"),
                    .executableTarget(name: "tool", dependencies: ["A"], plugins: ["P"]),
                    .testTarget(name: "ATests", dependencies: ["A", "tool"], resources: [.copy("Fixtures")]),
                    .plugin(name: "P", capability: .buildTool()),
                ]
            )
            """
        let targets = try ManifestReader.targets(in: manifest)
        #expect(targets.map(\.name) == ["A", "B", "C", "tool", "ATests", "P"])
        #expect(
            targets.map(\.kind) == ["target", "target", "systemLibrary", "executableTarget", "testTarget", "plugin"])
        #expect(
            targets.map(\.path) == ["Sources/A", "Lib/B", "Sources/C", "Sources/tool", "Tests/ATests", "Plugins/P"])
        #expect(targets.map(\.dependencies) == [["B", "NIOCore"], ["C", "D"], [], ["A"], ["A", "tool"], []])
    }

    @Test(
        "the scanner finds each form of import, and not prose, comments or string literals",
        arguments: [
            ("import GRDB", ["GRDB"]), ("@testable import CanopyHistory", ["CanopyHistory"]),
            ("package import NIOCore", ["NIOCore"]), ("internal import Logging", ["Logging"]),
            ("@preconcurrency import PostgresNIO", ["PostgresNIO"]),
            ("@_exported import CanopyConfig", ["CanopyConfig"]),
            ("public @preconcurrency import Yams", ["Yams"]), ("import struct Crypto.SHA256", ["Crypto"]),
            ("    import CZstd", ["CZstd"]), ("import os.log", ["os"]),
            ("// import Hidden", []), ("/// import Hidden", []), ("let importance = 1", []),
            ("let s = \"\"\"\nimport sqlite3, sys\n\"\"\"", []), ("func reimport() {}", []),
        ])
    func scannerFindsEveryForm(source: String, modules: [String]) {
        #expect(ImportScanner.imports(in: "let a = 1\n" + source + "\n").map(\.module) == modules)
    }
}

/// The targets of a `Package.swift`, read from its text: enough of the manifest's grammar for the
/// declarations this repository writes (`.target(name:dependencies:path:…)` and its kinds).
enum ManifestReader {
    struct Target: Equatable {
        var kind: String
        var name: String
        /// The target's folder, relative to the package: its `path:`, else SwiftPM's default.
        var path: String
        /// Target names and product names; every product of this package's dependencies is the
        /// module of the same name.
        var dependencies: [String]
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func targets(in manifest: String) throws -> [Target] {
        let code = Array(withoutComments(manifest))
        // The `targets:` argument of `Package(…)` itself, not a product's list of targets.
        var start = firstIndex(of: "targets:", in: code, from: 0)
        while let found = start, depth(of: code, at: found) != 1 {
            start = firstIndex(of: "targets:", in: code, from: found + 1)
        }
        guard let start, let open = code[start...].firstIndex(of: "[")
        else { throw Malformed(description: "Package.swift: no `targets: [` in `Package(…)`") }
        let list = try bracketed(code, open: open)
        return try topLevelItems(list).map { item in
            guard let kind = item.firstMatch(of: #/^\.(\w+)\(/#)?.output.1,
                let name = item.firstMatch(of: #/name:\s*"([^"]+)"/#)?.output.1
            else { throw Malformed(description: "Package.swift: cannot read the target `\(item.prefix(60))`") }
            let explicitPath = item.firstMatch(of: #/\bpath:\s*"([^"]+)"/#)?.output.1
            let folder = kind == "testTarget" ? "Tests" : kind == "plugin" ? "Plugins" : "Sources"
            var dependencies: [String] = []
            let characters = Array(item)
            if let key = firstIndex(of: "dependencies:", in: characters, from: 0),
                let open = characters[key...].firstIndex(of: "[")
            {
                for dependency in try topLevelItems(try bracketed(characters, open: open)) {
                    guard let named = dependency.firstMatch(of: #/^(?:\.\w+\(name:\s*)?"([^"]+)"/#)?.output.1 else {
                        throw Malformed(
                            description: "Package.swift: \(name): cannot read the dependency `\(dependency)`")
                    }
                    dependencies.append(String(named))
                }
            }
            return Target(
                kind: String(kind), name: String(name), path: explicitPath.map(String.init) ?? "\(folder)/\(name)",
                dependencies: dependencies)
        }
    }

    /// The text with `//` comments removed (a `//` inside a string literal, as in a URL, stays).
    static func withoutComments(_ text: String) -> String {
        text.components(separatedBy: "\n").map { line in
            var inString = false
            var previous: Character = " "
            for index in line.indices {
                let character = line[index]
                if character == "\"" { inString.toggle() }
                if !inString, character == "/", previous == "/" {
                    return String(line[..<line.index(before: index)])
                }
                previous = character
            }
            return line
        }.joined(separator: "\n")
    }

    static func firstIndex(of word: String, in code: [Character], from start: Int) -> Int? {
        let pattern = Array(word)
        guard let first = pattern.first, code.count >= pattern.count, start <= code.count - pattern.count else {
            return nil
        }
        return (start...(code.count - pattern.count)).first { position in
            code[position] == first && code[position..<(position + pattern.count)].elementsEqual(pattern)
        }
    }

    /// How many brackets are open at `position`.
    static func depth(of code: [Character], at position: Int) -> Int {
        var depth = 0
        var inString = false
        for character in code[..<position] {
            if character == "\"" { inString.toggle() }
            if inString { continue }
            if "([".contains(character) { depth += 1 }
            if ")]".contains(character) { depth -= 1 }
        }
        return depth
    }

    /// The characters between the bracket at `open` and the one that closes it.
    static func bracketed(_ code: [Character], open: Int) throws -> [Character] {
        var depth = 0
        var inString = false
        for index in open..<code.count {
            let character = code[index]
            if character == "\"" { inString.toggle() }
            if inString { continue }
            if "([".contains(character) { depth += 1 }
            if ")]".contains(character) { depth -= 1 }
            if depth == 0 { return Array(code[(open + 1)..<index]) }
        }
        throw Malformed(description: "Package.swift: a bracket is never closed")
    }

    /// The comma-separated items of a list's contents, trimmed, ignoring commas nested deeper.
    static func topLevelItems(_ list: [Character]) throws -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        for character in list {
            if character == "\"" { inString.toggle() }
            if !inString {
                if "([".contains(character) { depth += 1 }
                if ")]".contains(character) { depth -= 1 }
                if character == ",", depth == 0 {
                    items.append(current)
                    current = ""
                    continue
                }
            }
            current.append(character)
        }
        items.append(current)
        return items.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}

/// The modules a Swift file imports, in every spelling an import declaration has.
enum ImportScanner {
    /// Modules of the toolchain and the operating system, which no manifest declares.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Testing", "XCTest",
        "Synchronization", "_Concurrency", "Darwin", "Glibc", "Musl", "os", "PackagePlugin",
    ]

    static func imports(in source: String) -> [(module: String, line: Int)] {
        var result: [(module: String, line: Int)] = []
        var inMultilineString = false
        for (index, line) in source.components(separatedBy: "\n").enumerated() {
            let delimiters = line.components(separatedBy: "\"\"\"").count - 1
            defer { if delimiters % 2 == 1 { inMultilineString.toggle() } }
            guard !inMultilineString, delimiters == 0, line.contains("import ") else { continue }
            let declaration =
                #/^\s*(?:(?:@\w+(?:\([^)]*\))?|public|package|internal|fileprivate|private)\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)/#
            if let match = line.firstMatch(of: declaration) {
                result.append((String(match.output.1), index + 1))
            }
        }
        return result
    }
}
