import CanopyHistory
import CanopyModel
import CanopyParsers
import Foundation

/// `CanopyBench store populate --store DB --runs N --like REPORT [--nights M] [--until DATE] [--failing 0.02]
/// [--hours-apart H]`: fills DB (a path or postgres:// URL) with N nightly runs on `main` of the tests REPORT
/// holds (as `canopy inspect` reads them, so that a `canopy run` of REPORT finds its own tests in the history),
/// with `SyntheticHistory`'s failures. The runs are the last N of M nights (M defaults to N), one a day (or one
/// every H hours: a team merging all day), the last started at DATE (default 2026-11-01T02:00:00Z): a store of
/// 30 and one of 1,000 end with the same 30 nights. Run keys are `nightly-NIGHT`, so populating again stores
/// nothing twice.
extension StoreBench {
    static let defaultLastNight = "2026-11-01T02:00:00Z"

    static func populate(_ arguments: [String]) throws {
        var options: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count {
            options[arguments[index].replacingOccurrences(of: "--", with: "")] = arguments[index + 1]
            index += 2
        }
        let usage =
            "store populate --store DB --runs N --like REPORT [--nights M] [--until DATE] [--failing F] [--hours-apart H]"
        guard index == arguments.count, let location = options["store"], let report = options["like"],
            let runs = Int(options["runs"] ?? ""), runs > 0
        else { throw BenchError.usage(usage) }
        let nights = Int(options["nights"] ?? "") ?? runs
        let failing = Double(options["failing"] ?? "") ?? 0.02
        let spacing = (Double(options["hours-apart"] ?? "") ?? 24) * 3_600
        guard nights >= runs, spacing > 0,
            let until = ISO8601DateFormatter().date(from: options["until"] ?? defaultLastNight)
        else { throw BenchError.usage(usage) }

        let identities = try testIdentities(of: report)
        try blocking {
            let store = try await HistoryStores.open(location)
            say("populate.location: \(store.location)")
            let started = Date()
            var stored = 0
            for night in (nights - runs)..<nights {
                let (run, digest) = SyntheticHistory.run(
                    key: "nightly-\(night)", night: night, identities: identities, failing: failing,
                    startedAt: until.addingTimeInterval(-Double(nights - 1 - night) * spacing))
                if try await store.store(run, digest: digest) == .inserted { stored += 1 }
            }
            let elapsed = Date().timeIntervalSince(started)
            await store.close()
            say("populate.runs: \(runs)  stored now: \(stored)  tests: \(identities.count)")
            say(
                "populate.seconds: \(String(format: "%.1f", elapsed))  per-run: \(String(format: "%.3f", elapsed / Double(runs)))"
            )
        }
    }

    /// The identities of the tests `report` holds, in its order. Parsed on the calling thread:
    /// `parseAll` blocks, so it is not called from a task.
    static func testIdentities(of report: String) throws -> [TestIdentity] {
        let inputs = try ParserRegistry().parseAll([report]).map { try $0.get() }
        let identities = RunAssembler.assemble(inputs).tests.map(\.identity)
        guard !identities.isEmpty else { throw BenchError.usage("store populate: \(report) holds no tests") }
        return identities
    }
}

/// `CanopyBench store count --store DB [--list yes]`: the runs DB holds and the test results in them
/// (`store.runs: N  results: M`), through the store's trend; with `--list yes`, one `run KEY TESTS`
/// line per run before.
extension StoreBench {
    static func count(_ arguments: [String]) throws {
        guard arguments.count == 2 || arguments.count == 4, arguments[0] == "--store",
            arguments.count == 2 || arguments[2] == "--list"
        else { throw BenchError.usage("store count --store DB [--list yes]") }
        let location = arguments[1]
        let list = arguments.count == 4 && arguments[3] == "yes"
        try blocking {
            let store = try await HistoryStores.open(location, readOnly: true)
            let points = try await store.trend(in: .all)
            await store.close()
            if list {
                for point in points { say("run \(point.runKey) \(point.tests)") }
            }
            say("store.runs: \(points.count)  results: \(points.reduce(0) { $0 + $1.tests })")
        }
    }
}
