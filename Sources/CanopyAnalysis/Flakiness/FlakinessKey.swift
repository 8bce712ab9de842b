/// What flakiness is keyed by: the test identity (device and configuration included) and the OS.
package struct FlakinessKey: Sendable, Equatable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// `TestIdentity.key`.
    package var testKey: String
    package var device: String?
    package var osVersion: String?

    package init(testKey: String, device: String?, osVersion: String?) {
        self.testKey = testKey
        self.device = device
        self.osVersion = osVersion
    }

    package var description: String { osVersion.map { "\(testKey) [\($0)]" } ?? testKey }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.testKey, lhs.device ?? "", lhs.osVersion ?? "") < (rhs.testKey, rhs.device ?? "", rhs.osVersion ?? "")
    }
}
