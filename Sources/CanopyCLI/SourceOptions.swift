import ArgumentParser
import CanopyPipeline

/// Where the app's Swift sources and CODEOWNERS file are, for declarations and owners.
struct SourceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "App sources (default: the checkout, if an Xcode one).", valueName: "dir"),
        completion: .directory)
    var source: String?

    @Flag(help: "Read no sources: no declarations or owners.")
    var noSource = false

    func validate() throws {
        if noSource, source != nil { throw ValidationError("--source and --no-source contradict each other") }
    }

    var selection: SourceSelection {
        if noSource { return .off }
        return source.map { .directory($0) } ?? .automatic
    }
}
