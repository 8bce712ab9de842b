import Foundation

/// Turns command-line input arguments (files, directories, globs) into the list of files to read.
package enum InputExpander {
    /// File name endings taken from a directory; a file named explicitly is read whatever its name.
    package static let reportExtensions: Set<String> = ["xml", "json", "junit"]

    /// Expands `arguments`: a file stays, an `.xcresult` bundle (a directory) stays, a directory
    /// yields every report file and `.xcresult` bundle inside it (recursively, sorted, hidden files
    /// skipped, links to files followed, a bundle's own files not listed), a glob (`*`, `?`, `[`)
    /// yields its matches.
    /// - Throws: `ParserError.unreadable` for an argument that matches nothing.
    package static func expand(_ arguments: [String]) throws(ParserError) -> [String] {
        var files: [String] = []
        var seen: Set<String> = []
        func add(_ path: String) {
            if seen.insert(path).inserted { files.append(path) }
        }
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if argument == "-" {
                throw .unreadable(
                    path: argument, reason: "standard input is not read: write the report to a file and name the file")
            }
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) {
                if isDirectory.boolValue, XCResultBundleParser.isBundle(argument) {
                    add(argument)
                } else if isDirectory.boolValue {
                    for file in try filesInDirectory(argument) { add(file) }
                } else {
                    try requireRegularFile(argument)
                    add(argument)
                }
            } else if argument.contains(where: { "*?[".contains($0) }) {
                let matches = argument.contains("**") ? globStar(argument) : glob(argument)
                if matches.isEmpty { throw .unreadable(path: argument, reason: "the pattern matches no file") }
                for match in matches {
                    // A directory the pattern matches is searched as a named one is.
                    var isDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: match, isDirectory: &isDirectory), isDirectory.boolValue {
                        if XCResultBundleParser.isBundle(match) {
                            add(match)
                            continue
                        }
                        for file in try filesInDirectory(match) { add(file) }
                    } else {
                        try requireRegularFile(match)
                        add(match)
                    }
                }
            } else {
                throw .unreadable(path: argument, reason: "no such file or directory")
            }
        }
        return files
    }

    /// A pipe, FIFO or device is read to its end by the first look at it, and a second open
    /// blocks until another writer comes (`mkfifo`) or reads nothing (`<(cat report.xml)`):
    /// Canopy reads a report more than once, so such a path is refused by name.
    private static func requireRegularFile(_ path: String) throws(ParserError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let kind = info.st_mode & mode_t(S_IFMT)
        guard kind != mode_t(S_IFREG) else { return }
        let what = kind == mode_t(S_IFIFO) ? "a pipe" : kind == mode_t(S_IFSOCK) ? "a socket" : "a device"
        throw .unreadable(
            path: path,
            reason:
                "\(what), not a file: Canopy reads each report more than once, so write it to a file and name the file")
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
            if file.pathExtension.lowercased() == "xcresult", XCResultBundleParser.isBundle(file.path) {
                // A bundle is one input; its database and payloads are not reports of their own.
                enumerator.skipDescendants()
                let relative =
                    file.path.hasPrefix(url.path)
                    ? String(file.path.dropFirst(url.path.count)) : "/" + file.lastPathComponent
                files.append(base + relative)
                continue
            }
            guard reportExtensions.contains(file.pathExtension.lowercased()) else { continue }
            let relative =
                file.path.hasPrefix(url.path)
                ? String(file.path.dropFirst(url.path.count)) : "/" + file.lastPathComponent
            let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            if values?.isSymbolicLink == true {
                // A link to a report is read; one that resolves to nothing (dangling, or a loop) is an
                // error naming it rather than a silent skip. Links to directories are not followed.
                var info = stat()
                guard stat(file.path, &info) == 0 else {
                    throw .unreadable(
                        path: base + relative, reason: "a symbolic link that resolves to nothing (dangling, or a loop)")
                }
                guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { continue }
            } else {
                guard values?.isRegularFile == true else { continue }
            }
            files.append(base + relative)
        }
        return files.sorted()
    }

    /// `**` as CI report actions take it (`build/**/*.xml`): any depth of directories, none
    /// included. The directory before the first `**` is searched (hidden entries skipped) and
    /// each file's path is matched with `fnmatch` without `FNM_PATHNAME`, where `*` also crosses
    /// `/`; a `**/` matches no directory through the same pattern without it.
    private static func globStar(_ pattern: String) -> [String] {
        let head = pattern.components(separatedBy: "**")[0]
        let root = head.lastIndex(of: "/").map { String(head[...$0]) } ?? ""
        let roots = root.contains(where: { "*?[".contains($0) }) ? glob(root) : [root.isEmpty ? "." : root]
        let flat = pattern.replacingOccurrences(of: "**/", with: "")
        var matches: [String] = []
        for base in roots {
            guard let enumerator = FileManager.default.enumerator(atPath: base) else { continue }
            let prefix = base == "." && root.isEmpty ? "" : (base.hasSuffix("/") ? base : base + "/")
            while let relative = enumerator.nextObject() as? String {
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                let path = prefix + relative
                guard fnmatch(pattern, path, 0) == 0 || fnmatch(flat, path, 0) == 0 else { continue }
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    matches.append(path)
                }
            }
        }
        return Array(Set(matches)).sorted()
    }

    private static func glob(_ pattern: String) -> [String] { Platform.glob(pattern) }
}
