import Foundation

/// Something the source index left out, with the path a user needs to look at. Indexing goes on:
/// a warning never stops a command or changes its exit code.
package enum SourceWarning: Sendable, Equatable, CustomStringConvertible {
    /// A `.swift` file over one of ``SourceIndexBounds``: not indexed.
    case skipped(path: String, bound: SourceBound)
    /// A directory whose names cannot be listed: nothing beneath it is indexed.
    case unreadableDirectory(path: String, reason: String)
    /// A `.swift` file that cannot be read: not indexed.
    case unreadableFile(path: String, reason: String)
    /// A symbolic link that leads back to itself (or to a link that does).
    case linkLoop(path: String)
    /// A symbolic link to nothing (or to a path that cannot be examined).
    case brokenLink(path: String, reason: String)
    /// A place that may hold the CODEOWNERS file cannot be examined: owners may be missing or come
    /// from a file GitHub or GitLab would not use.
    case codeOwnersUnknown(path: String, reason: String)

    package var description: String {
        switch self {
        case .skipped(let path, let bound):
            "\(path): not indexed: \(bound)"
        case .unreadableDirectory(let path, let reason):
            "\(path): directory not indexed: cannot list it: \(reason)"
        case .unreadableFile(let path, let reason):
            "\(path): not indexed: cannot read: \(reason)"
        case .linkLoop(let path):
            "\(path): not indexed: a loop of symbolic links"
        case .brokenLink(let path, let reason):
            "\(path): not indexed: the symbolic link leads nowhere: \(reason)"
        case .codeOwnersUnknown(let path, let reason):
            "\(path): cannot look for a CODEOWNERS file: \(reason); owners may be missing"
        }
    }
}

/// The bound a skipped file exceeded, with the file's figure and the bound.
package enum SourceBound: Sendable, Equatable, CustomStringConvertible {
    /// The file's size in bytes.
    case size(bytes: Int, limit: Int)
    /// Brackets, parentheses, braces and generic angle brackets nested `depth` deep at `line`.
    case nesting(depth: Int, line: Int, limit: Int)
    /// Square brackets nested in one another (`[[[1]]]`, `[(Int, [(Int, …)])]`) `depth` deep at
    /// `line`: SwiftParser's lookahead doubles its work with each level.
    case squareNesting(depth: Int, line: Int, limit: Int)
    /// A postfix chain (`a.b.c…`, `f()()…`, `a!!…`, `a?.b…`, `f[0][0]…`) of `links` links at `line`.
    case postfixChain(links: Int, line: Int, limit: Int)
    /// The parsed syntax tree is deeper than `limit` levels (a long postfix chain such as
    /// `a.b.b…`, `f()()…`, `a!!…`, or operators nested in one another).
    case treeDepth(limit: Int)

    package var description: String {
        switch self {
        case .size(let bytes, let limit):
            "\(bytes) bytes, over the bound of \(limit) bytes for one file"
        case .nesting(let depth, let line, let limit):
            "line \(line): brackets nested \(depth) deep, over the bound of \(limit)"
        case .squareNesting(let depth, let line, let limit):
            "line \(line): square brackets nested \(depth) deep, over the bound of \(limit)"
        case .postfixChain(let links, let line, let limit):
            "line \(line): a chain of \(links) postfix links (a.b.c…, f()()…), over the bound of \(limit)"
        case .treeDepth(let limit):
            "its syntax tree is deeper than the bound of \(limit) levels (a long chain such as a.b.c… or f()()…)"
        }
    }
}
