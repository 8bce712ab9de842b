import Foundation

/// Finds the `.swift` files of a source tree and reads them, saying what it could not read
/// instead of leaving it out silently.
///
/// - Hidden files and directories, and ``skippedDirectories``, are not walked.
/// - A directory that cannot be listed, a file that cannot be read: a ``SourceWarning`` naming it;
///   the walk goes on.
/// - A symbolic link to a `.swift` file is read once per resolved file: the file is reported at
///   its resolved path relative to the root when it lies under the root, else at the link's path.
///   A link that loops or leads nowhere is a warning naming the link. Links to directories are
///   not followed (a checkout's links to shared folders would index them twice, or loop).
/// - A file over ``SourceIndexBounds/maximumBytes`` is not read: a warning.
struct SourceTreeWalker {
    /// Directories never indexed: dependencies and build products.
    static let skippedDirectories: Set<String> = ["Pods", "Carthage", "DerivedData", "build", "Build"]

    var fileSystem: any SourceFileSystem
    var bounds: SourceIndexBounds

    /// The files found, paths relative to the root, and the warnings, in path order.
    struct Result {
        var files: [SourceFile]
        var warnings: [SourceWarning]
    }

    /// Walks `directory` (as the user named it; warnings name paths under it).
    ///
    /// - Throws: `SourceError.unreadable` when `directory` is not a directory that can be listed,
    ///   or for a `.swift` file that is not UTF-8 text.
    func walk(_ directory: String) throws -> Result {
        let shown = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        let root: String
        do {
            root = try fileSystem.resolve(directory)
        } catch {
            throw SourceError.unreadable(path: directory, reason: "not a directory")
        }
        guard (try? fileSystem.item(at: root))?.kind == .directory else {
            throw SourceError.unreadable(path: directory, reason: "not a directory")
        }
        var pending: [String] = []
        do {
            pending = try fileSystem.names(in: root).map { $0 }
        } catch {
            throw SourceError.unreadable(path: directory, reason: error.reason)
        }
        var found: [String: (relative: String, absolute: String, size: Int)] = [:]
        var warnings: [SourceWarning] = []
        pending = pending.filter { !$0.hasPrefix(".") }
        let prefix = root == "/" ? "/" : root + "/"
        while let relative = pending.popLast() {
            let absolute = prefix + relative
            let path = shown + "/" + relative
            let name = (relative as NSString).lastPathComponent
            let item: (kind: SourceItemKind, size: Int)?
            do {
                item = try fileSystem.item(at: absolute)
            } catch {
                warnings.append(.unreadableFile(path: path, reason: error.reason))
                continue
            }
            switch item?.kind {
            case .directory:
                guard !Self.skippedDirectories.contains(name) else { continue }
                do {
                    pending += try fileSystem.names(in: absolute).filter { !$0.hasPrefix(".") }.map {
                        relative + "/" + $0
                    }
                } catch {
                    warnings.append(.unreadableDirectory(path: path, reason: error.reason))
                }
            case .file where name.hasSuffix(".swift"):
                if found[absolute] == nil { found[absolute] = (relative, absolute, item?.size ?? 0) }
            case .symbolicLink where name.hasSuffix(".swift"):
                let target: String
                do {
                    target = try fileSystem.resolve(absolute)
                } catch {
                    warnings.append(
                        error.isLinkLoop ? .linkLoop(path: path) : .brokenLink(path: path, reason: error.reason))
                    continue
                }
                guard let targetItem = (try? fileSystem.item(at: target)) ?? nil, targetItem.kind == .file else {
                    continue
                }
                let reported = target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : relative
                // The file itself, or a link met before, may already have claimed it: keep the
                // first path in path order, which is the one reported.
                if let known = found[target], known.relative <= reported { continue }
                found[target] = (reported, target, targetItem.size)
            default:
                continue
            }
        }
        var files: [SourceFile] = []
        for (relative, absolute, size) in found.values.sorted(by: { $0.relative < $1.relative }) {
            let path = shown + "/" + relative
            if size > bounds.maximumBytes {
                warnings.append(.skipped(path: path, bound: .size(bytes: size, limit: bounds.maximumBytes)))
                continue
            }
            let data: Data
            do {
                data = try fileSystem.contents(of: absolute)
            } catch {
                warnings.append(.unreadableFile(path: path, reason: error.reason))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw SourceError.unreadable(path: path, reason: "not UTF-8 text")
            }
            files.append(SourceFile(path: relative, text: text))
        }
        return Result(files: files, warnings: warnings.sorted { $0.description < $1.description })
    }
}
