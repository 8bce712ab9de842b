import CanopyModel
import Foundation

/// `Info.plist`'s `version.major`: 3 is what Xcode 16 and 26 write.
enum XCResultBundleInfo {
    static let knownMajorVersion = 3

    /// A warning when `Info.plist` is missing or says another major version; the database is read anyway.
    static func diagnostics(bundle: String) -> [Diagnostic] {
        let file = bundle + "/Info.plist"
        guard let data = FileManager.default.contents(atPath: file) else {
            return [
                Diagnostic(
                    .warning, "the bundle has no Info.plist; its database is read as an Xcode 16+ one", file: bundle)
            ]
        }
        let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        let version = plist?["version"] as? [String: Any]
        guard let major = (version?["major"] as? Int) ?? (version?["major"] as? NSNumber)?.intValue else {
            return [
                Diagnostic(
                    .warning, "Info.plist gives no version.major; the database is read as an Xcode 16+ one", file: file)
            ]
        }
        guard major == knownMajorVersion else {
            return [
                Diagnostic(
                    .warning,
                    "Info.plist says bundle version \(major), Canopy knows version \(knownMajorVersion) (Xcode 16 and 26): "
                        + "what the database holds is read, check the result against Xcode",
                    file: file)
            ]
        }
        return []
    }
}
