import ArgumentParser
import CanopyModel
import CanopyPipeline
import Foundation

/// Where history and output live.
struct StoreOptions: ParsableArguments {
    @Option(
        help:
            "History store: a SQLite path or postgres://user@host/db (default: CANOPY_STORE, then `store:` in the config, then <out>/history.sqlite).",
        completion: .file())
    var store: String?

    @Option(
        help: "Configuration file (default: CANOPY_CONFIG, then Config/canopy.yml when present).",
        completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @Option(
        help: "Output directory of the summaries, dashboards and reports; <out>/history.sqlite is the default store.",
        completion: .directory)
    var out = "Reports"
}
