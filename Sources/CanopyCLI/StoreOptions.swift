import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// Where history and output live.
struct StoreOptions: ParsableArguments {
    @Option(
        help:
            "SQLite path or postgres:// URL (default: CANOPY_STORE, config, <out>/history.sqlite).",
        completion: .file())
    var store: String?

    @Option(
        help: "Configuration file (default: CANOPY_CONFIG, then Config/canopy.yml when present).",
        completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @Option(
        help: "Output directory (summaries, dashboards, reports; default store).",
        completion: .directory)
    var out = "Reports"
}
