import CanopyConfig
import CanopyHistory
import CanopyModel
import Foundation

/// What `canopy quarantine add` checks a test argument against: the tests the store holds results
/// of (every stored run, so the latest run's results too). A test key that matches none of them is
/// refused with the nearest known names, unless the caller allows a test that has not run yet.
package struct QuarantineTestCheck: Sendable {
    /// The tests the store knows, by stored key (`Class/name@device#configuration`).
    package var known: [TestKey]

    package init(known: [TestKey]) {
        self.known = known
    }

    /// Where history lives for `quarantine add`, by the precedence the other commands use:
    /// `--store`, `CANOPY_STORE`, `store:` in the config, `<out>/history.sqlite`.
    package static func storeLocation(
        store: String?, out: String, configuration: CanopyConfiguration, environment: [String: String]
    ) -> String {
        if let store, !store.isEmpty { return store }
        if let store = environment["CANOPY_STORE"], !store.isEmpty { return store }
        if let store = configuration.store, !store.isEmpty { return store }
        return (out as NSString).appendingPathComponent("history.sqlite")
    }

    /// The tests of the store at `location`, read-only; nil when the SQLite file does not exist
    /// (opening it would create an empty history there).
    package static func load(location: String) async throws -> QuarantineTestCheck? {
        if case .sqlite(let path)? = try? StoreLocation(parsing: location),
            !FileManager.default.fileExists(atPath: path)
        {
            return nil
        }
        let store: any HistoryStore
        do {
            store = try await HistoryStores.open(location, readOnly: true)
        } catch {
            throw PipelineError.store(StoreLocation.redact("\(error)"))
        }
        do {
            let history = try await store.testIdentifierHistory()
            await store.close()
            return QuarantineTestCheck(known: history.tests.map { TestKey(stored: $0.key) })
        } catch {
            await store.close()
            throw PipelineError.store(StoreLocation.redact("\(error)"))
        }
    }

    /// `test` with a trailing `()` dropped from its name (`Class/testLogin()@iPhone 16` →
    /// `Class/testLogin@iPhone 16`): keys are stored without it, so an entry written with it would
    /// match nothing.
    package static func normalised(_ test: String) -> String {
        guard let range = test.range(of: "()") else { return test }
        let rest = test[range.upperBound...]
        guard rest.isEmpty || rest.hasPrefix("@") || rest.hasPrefix("#") else { return test }
        return String(test[..<range.lowerBound]) + rest
    }

    /// Whether an entry for `test` (a key or a `*` pattern) would cover a known test, as the gates
    /// match entries (`RunVerdicts.entry(in:quarantining:)`).
    package func covers(_ test: String) -> Bool {
        let entry = QuarantineEntry(test: test)
        return known.contains { RunVerdicts.entry(in: [entry], quarantining: $0) != nil }
    }

    /// Up to `limit` known tests nearest to `test` by edit distance (`Class/name`, or the name
    /// alone when `test` names no class), nearest first, then by key.
    package func nearest(to test: String, limit: Int = 3) -> [String] {
        let given = Array(test.replacingOccurrences(of: "*", with: ""))
        let withClass = test.contains("/")
        var best: [String: Int] = [:]
        for key in known {
            let candidate = !withClass ? key.nameWithArguments : test.contains("@") ? key.description : key.test
            let distance = Self.distance(given, Array(candidate))
            best[key.test] = min(best[key.test] ?? .max, distance)
        }
        return best.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(limit).map(\.key)
    }

    /// The Levenshtein distance between two strings, by characters.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
