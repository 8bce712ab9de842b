import CanopyConfig
import CanopyHistory
import CanopyModel
import Foundation

extension QuarantineCommand {
    /// Where `add` looks up the test it is given, and whether an unknown one may be written.
    package struct TestLookup: Sendable {
        /// `--store`, when given.
        package var store: String?
        /// `--out`, whose `history.sqlite` is the default store.
        package var out: String
        package var environment: [String: String]
        /// `--allow-unknown`: a test no stored run has yet (a new test) is written as given.
        package var allowUnknown: Bool

        package init(store: String?, out: String, environment: [String: String], allowUnknown: Bool) {
            self.store = store
            self.out = out
            self.environment = environment
            self.allowUnknown = allowUnknown
        }
    }

    /// `add` with its test checked first (`checkedTest`): an unknown test is exit 2 and the file
    /// is left as it was.
    package func add(_ request: Request, path: String, create: Bool, lookup: TestLookup) async throws -> [String] {
        var request = request
        // The entry's other arguments are checked before the store is read.
        _ = try entry(for: request)
        if let test = request.test {
            request.test = try await checkedTest(test, configPath: path, lookup: lookup)
        }
        return try add(request, path: path, create: create)
    }

    /// The test key to write for `test`: with a trailing `()` dropped (keys are stored without
    /// it), and covering a test the store holds results of, else a usage error naming the nearest
    /// known tests. With `allowUnknown` the normalised key is returned unchecked. A configuration
    /// file that does not load is left for the edit to report, with the default store.
    func checkedTest(_ test: String, configPath: String, lookup: TestLookup) async throws -> String {
        let normalised = QuarantineTestCheck.normalised(test)
        if lookup.allowUnknown { return normalised }
        let configuration =
            (try? ConfigurationLoader.parse(String(contentsOfFile: configPath, encoding: .utf8), file: configPath))
            ?? CanopyConfiguration()
        let location = QuarantineTestCheck.storeLocation(
            store: lookup.store, out: lookup.out, configuration: configuration, environment: lookup.environment)
        guard let check = try await QuarantineTestCheck.load(location: location) else {
            throw PipelineError.usage(
                "no history at \(location) to check the test '\(test)' against (from --store, CANOPY_STORE, store: in the config, or <out>/history.sqlite); "
                    + "pass --allow-unknown to quarantine a test that has not run yet, or fix the path")
        }
        if check.covers(normalised) { return normalised }
        let nearest = check.nearest(to: normalised)
        let suggestion = nearest.isEmpty ? "the store holds no tests" : "nearest: " + nearest.joined(separator: ", ")
        throw PipelineError.usage(
            "no stored test matches '\(test)' (\(check.known.count) tests in \(StoreLocation.redact(location))); \(suggestion); "
                + "pass --allow-unknown to quarantine a test that has not run yet")
    }
}
