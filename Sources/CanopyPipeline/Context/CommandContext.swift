import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyParsers
import CanopyRender
import Foundation

/// A command's settings — its options, the configuration, the CI — and the services made from
/// them, each a value of its own: reading the run (`reader`), its history (`history`,
/// `historyJudge`), judging it (`judge`), its shards, retention and sources.
package struct CommandContext: Sendable {
    package let options: RunOptions
    package let configuration: CanopyConfiguration
    package let ci: CIEnvironment
    package let progress: Progress
    /// Where the command's files go under `--out`.
    let outputPaths: OutputPaths

    package init(options: RunOptions) throws {
        self.options = options
        do {
            configuration = try ConfigurationLoader.load(explicit: options.configPath, environment: options.environment)
        } catch let error as ConfigurationError {
            throw PipelineError.configuration(error)
        }
        ci = CIEnvironment.detect(options.environment)
        progress = Progress.automatic(quiet: options.quiet, console: options.console)
        outputPaths = OutputPaths(directory: options.outputDirectory)
    }

    /// `--annotations`, with `automatic` resolved: GitHub's workflow commands on GitHub Actions,
    /// none elsewhere.
    var annotationMode: AnnotationMode {
        options.annotations == .automatic ? (ci.provider == "github" ? .github : .none) : options.annotations
    }

    /// Where history lives, by precedence: `--store`, `CANOPY_STORE`, `store:` in the config, default.
    package var storeLocation: String {
        if let store = options.store, !store.isEmpty { return store }
        if let store = options.environment["CANOPY_STORE"], !store.isEmpty { return store }
        if let store = configuration.store, !store.isEmpty { return store }
        return (options.outputDirectory as NSString).appendingPathComponent("history.sqlite")
    }

    /// Whose attachments are read and written: `--attachments`, else `attachments.scope`.
    package var attachmentScope: AttachmentScope { options.attachments ?? configuration.attachments.scope }

    /// Where the page is published, for the summary's links to it and its screenshots:
    /// `CANOPY_DASHBOARD_URL`, else `output.dashboardURL`; nil when neither is given (the summary
    /// then points at the CI build, whose artifacts hold the page).
    /// - Throws: `PipelineError.usage` when the variable is not an http(s) URL.
    package func dashboardURL() throws -> String? {
        guard let given = options.environment["CANOPY_DASHBOARD_URL"], !given.isEmpty else {
            return configuration.output.dashboardURL
        }
        guard let url = SafeHTTPURL.validated(given) else {
            throw PipelineError.usage(
                "CANOPY_DASHBOARD_URL must be the http(s) URL where site/index.html is published, not '\(given)'")
        }
        return url
    }

    /// How the command reads its run from its inputs.
    package var reader: RunReader {
        RunReader(
            inputs: options.inputs, attachmentScope: attachmentScope, outputDocuments: outputPaths.documents,
            metadata: options.metadata, ci: ci, environment: options.environment, now: options.now,
            targetBranch: targetBranch, analysis: configuration.analysis, verbose: options.verbose, progress: progress)
    }

    /// How the command judges a run against its history (`RunJudge`).
    var runJudge: RunJudge { RunJudge(configuration: configuration) }

    /// Where the command's history is opened (`storeLocation`), and how.
    package var history: HistoryAccess { HistoryAccess(location: storeLocation) }

    /// The branch whose runs are the baseline of a pull or merge request's runs: `--base-branch`,
    /// else the request's target branch as the CI names it.
    var targetBranch: String? { options.baseBranch ?? ci.baseBranch }

    /// The command's judge of a run against history, from its settings.
    package var historyJudge: HistoryJudge {
        HistoryJudge(
            configuration: configuration, now: options.now, baselineKey: options.baseline, targetBranch: targetBranch)
    }

    /// The legs of a run sent in shards (`--shard`, `--expect-shards`).
    package var shards: ShardLegs {
        ShardLegs(
            reader: reader, history: history, shard: options.shard, expected: options.expectedShards,
            environment: options.environment)
    }

    /// The prune `run` and `ingest` make after storing, and `canopy prune`'s policy.
    var retention: RetentionJob {
        RetentionJob(configuration: configuration, now: options.now, storeLocation: storeLocation)
    }

    /// The app's sources (`--source`, `--changed`).
    var sources: SourceAccess {
        SourceAccess(
            selection: options.source, changed: options.changed, ci: ci, home: options.environment["HOME"],
            progress: progress)
    }

    /// The note of a run that targets a branch that gave no baseline (`TargetBranchNote`).
    func targetBranchNote(for run: Run, baseline: StoredRun?) -> TargetBranchNote? {
        TargetBranchNote(run: run, baseline: baseline, chosenBaseline: options.baseline, storeLocation: storeLocation)
    }
}
