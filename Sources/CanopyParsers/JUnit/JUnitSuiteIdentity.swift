/// The identity properties a `<testsuite>`'s `<properties>` give all of its testcases: trainer
/// (Xcode 16+) writes `device` and `Configuration` on the bundle suite.
struct JUnitSuiteIdentity: Sendable, Equatable {
    var device: String?
    var configuration: String?

    var isEmpty: Bool { device == nil && configuration == nil }
}
