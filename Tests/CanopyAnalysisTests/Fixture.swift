import Foundation

/// Paths to the fixtures under `Tests/CanopyAnalysisTests/Fixtures/`.
enum Fixture {
    static let directory: String = {
        guard let path = Bundle.module.path(forResource: "Fixtures", ofType: nil) else {
            fatalError("Fixtures resource missing from the test bundle")
        }
        return path
    }()

    static func path(_ relative: String) -> String { directory + "/" + relative }
}
