import Foundation

/// Paths to the fixtures under `Tests/CanopyParsersTests/Fixtures/`.
enum Fixture {
    static let directory: String = {
        guard let path = Bundle.module.path(forResource: "Fixtures", ofType: nil) else {
            fatalError("Fixtures resource missing from the test bundle")
        }
        return path
    }()

    static func path(_ relative: String) -> String { directory + "/" + relative }

    /// The repository root, found from this source file (for the docs' examples).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
