import Foundation

/// Which source tree a command reads declarations and owners from (`--source`, `--no-source`).
package enum SourceSelection: Sendable, Equatable {
    /// The checkout, when it holds an Xcode project or workspace (at its top or one level down):
    /// the UI tests of an iOS app run from one, and a checkout without one is not an app's.
    case automatic
    /// `--source DIR`.
    case directory(String)
    /// `--no-source`.
    case off

    /// The directory to index, given the checkout; nil when none is.
    func directory(checkout: String) -> String? {
        switch self {
        case .off: return nil
        case .directory(let directory): return directory
        case .automatic: return Self.holdsXcodeProject(checkout) ? checkout : nil
        }
    }

    static func holdsXcodeProject(_ directory: String) -> Bool {
        let manager = FileManager.default
        func projects(in path: String) -> (found: Bool, directories: [String]) {
            guard let names = try? manager.contentsOfDirectory(atPath: path) else { return (false, []) }
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) {
                return (true, [])
            }
            let directories = names.filter { !$0.hasPrefix(".") }.map { path + "/" + $0 }.filter {
                var isDirectory: ObjCBool = false
                return manager.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue
            }
            return (false, directories)
        }
        let top = projects(in: directory)
        return top.found || top.directories.contains { projects(in: $0).found }
    }
}
