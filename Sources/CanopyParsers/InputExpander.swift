import Foundation

/// Turns command-line input arguments (files, directories, globs) into the list of files to read.
public enum InputExpander {
    /// File name endings taken from a directory; a file named explicitly is read whatever its name.
    public static let reportExtensions: Set<String> = ["xml", "json", "junit"]

    /// Expands `arguments`: a file stays, a directory yields every report file inside it
    /// (recursively, sorted, hidden files skipped, links to files followed), a glob (`*`, `?`, `[`)
    /// yields its matches.
    /// - Throws: `ParserError.unreadable` for an argument that matches nothing.
    public static func expand(_ arguments: [String]) throws(ParserError) -> [String] {
        var files: [String] = []
        var seen: Set<String> = []
        func add(_ path: String) {
            if seen.insert(path).inserted { files.append(path) }
        }
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) {
                if isDirectory.boolValue {
                    for file in try filesInDirectory(argument) { add(file) }
                } else {
                    add(argument)
                }
            } else if argument.contains(where: { "*?[".contains($0) }) {
                let matches = glob(argument)
                if matches.isEmpty { throw .unreadable(path: argument, reason: "the pattern matches no file") }
                for match in matches { add(match) }
            } else {
                throw .unreadable(path: argument, reason: "no such file or directory")
            }
        }
        return files
    }

    private static func filesInDirectory(_ directory: String) throws(ParserError) -> [String] {
        let url = URL(fileURLWithPath: directory)
        guard
            let enumerator = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey],
                options: [.skipsHiddenFiles])
        else {
            throw .unreadable(path: directory, reason: "the directory cannot be listed")
        }
        var files: [String] = []
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        for case let file as URL in enumerator {
            guard reportExtensions.contains(file.pathExtension.lowercased()) else { continue }
            let relative = file.path.hasPrefix(url.path) ? String(file.path.dropFirst(url.path.count)) : "/" + file.lastPathComponent
            let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            if values?.isSymbolicLink == true {
                // A link to a report is read; one that resolves to nothing (dangling, or a loop) is an
                // error naming it rather than a silent skip. Links to directories are not followed.
                var info = stat()
                guard stat(file.path, &info) == 0 else {
                    throw .unreadable(path: base + relative, reason: "a symbolic link that resolves to nothing (dangling, or a loop)")
                }
                guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { continue }
            } else {
                guard values?.isRegularFile == true else { continue }
            }
            files.append(base + relative)
        }
        return files.sorted()
    }

    private static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        var matches: [String] = []
        for index in 0..<Int(result.gl_pathc) {
            if let path = result.gl_pathv[index] { matches.append(String(cString: path)) }
        }
        return matches.sorted()
    }
}
