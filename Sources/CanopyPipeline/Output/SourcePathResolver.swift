import Foundation

/// Turns the source files that failures name into paths relative to the repository's checkout,
/// which GitHub and GitLab need to place an annotation on a line of the file.
///
/// Producers name files three ways: an absolute path on the machine that built the tests
/// (xcbeautify, `xcodebuild` JUnit: `/Users/runner/work/app/app/UITests/LoginTests.swift`), which
/// may be another machine than the one running Canopy; a path relative to somewhere; or the file
/// name alone (xcresulttool's failure messages: `LoginTests.swift:42`). Each is matched against the
/// checkout: by prefix, then by the longest trailing part of the path that exists in it, then by
/// file name among the checkout's source files when exactly one has that name. A file not found is
/// left as the producer wrote it.
final class SourcePathResolver {
    /// The checkout's absolute path, without a trailing slash.
    let root: String
    /// Source files' paths relative to `root`, by file name; made on first need.
    private var byName: [String: [String]]?

    /// Directories never searched: build products, dependencies, version control.
    static let skippedDirectories: Set<String> = [
        ".build", "DerivedData", "Pods", "Carthage", "node_modules", "build", ".git", ".swiftpm",
    ]
    /// File name endings indexed for the search by name.
    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h", "c", "cc", "cpp", "kt", "java", "js", "ts"]
    /// Entries (files and directories) walked at most, so a huge checkout costs a bounded walk.
    static let indexLimit = 300_000

    init(root: String) {
        let standardized = (root as NSString).standardizingPath
        self.root =
            standardized.count > 1 && standardized.hasSuffix("/") ? String(standardized.dropLast()) : standardized
    }

    /// The checkout a CI job runs in (`CIEnvironment.checkout`: `~/` expanded, a relative path
    /// taken from the current directory), else the current directory.
    static func checkout(
        _ ci: CIEnvironment, home: String?, currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        guard let value = ci.checkout else { return currentDirectory }
        if value.hasPrefix("~/"), let home { return home + value.dropFirst() }
        return value.hasPrefix("/") ? value : currentDirectory + "/" + value
    }

    /// `file` relative to the checkout, or `file` unchanged when the checkout has no such file.
    func relative(_ file: String) -> String {
        if file.hasPrefix(root + "/") { return String(file.dropFirst(root.count + 1)) }
        // `.` and `..` name no part of the checkout: matching goes by the names after them.
        let components = file.split(separator: "/").filter { $0 != "." && $0 != ".." }
        guard let name = components.last else { return file }
        // Longest trailing part first: `UITests/LoginTests.swift` before `LoginTests.swift`.
        if components.count > 1 {
            for start in components.indices.dropLast() {
                let candidate = components[start...].joined(separator: "/")
                if isFile(root + "/" + candidate) { return candidate }
            }
        }
        let matches = index()[String(name)] ?? []
        if matches.count == 1 { return matches[0] }
        return file
    }

    private func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    private func index() -> [String: [String]] {
        if let byName { return byName }
        var found: [String: [String]] = [:]
        var count = 0
        let url = URL(fileURLWithPath: root, isDirectory: true)
        if let walker = FileManager.default.enumerator(
            at: url, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        {
            for case let file as URL in walker {
                count += 1
                if count > Self.indexLimit { break }
                let name = file.lastPathComponent
                if (try? file.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    if Self.skippedDirectories.contains(name) || name.hasSuffix(".xcresult") {
                        walker.skipDescendants()
                    }
                    continue
                }
                guard Self.sourceExtensions.contains(file.pathExtension) else { continue }
                let path = file.standardizedFileURL.path
                guard path.hasPrefix(root + "/") else { continue }
                found[name, default: []].append(String(path.dropFirst(root.count + 1)))
            }
        }
        byName = found
        return found
    }
}
