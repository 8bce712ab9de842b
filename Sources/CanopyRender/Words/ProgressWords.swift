import Foundation

/// The words of the progress lines `canopy` draws on a terminal's standard error.
package enum ProgressWords {
    /// `███░░░ 1/3 files  45.0 MB of 120.0 MB  220.3 MB/s ` after the drawn `bar`; without a
    /// known total size, the bytes read alone.
    package static func bar(
        _ bar: String, done: Int, total: Int, bytes: Int, totalBytes: Int, megabytesPerSecond rate: Double
    ) -> String {
        let size =
            totalBytes > 0
            ? "\(megabytes(bytes)) of \(megabytes(totalBytes)) MB"
            : "\(megabytes(bytes)) MB"
        return "\(bar) \(done)/\(total) files  \(size)  \(String(format: "%.1f", rate)) MB/s "
    }

    /// `read PATH (45.0 MB) [1/3]`: a file read, one line each where no bar is drawn (not a terminal).
    package static func fileRead(_ path: String, bytes: Int, done: Int, total: Int) -> String {
        "read \(path) (\(megabytes(bytes)) MB) [\(done)/\(total)]"
    }

    /// `timings: parse 0.81s (cpu 1.20s, peak 91 MiB), store 0.40s (cpu 0.38s, peak 170 MiB), …`:
    /// `--verbose`'s line of a command's steps (`StepTimer.steps`).
    package static func timings(_ steps: [(name: String, seconds: Double, cpuSeconds: Double, peakBytes: Int)])
        -> String
    {
        "timings: "
            + steps.map { step in
                "\(step.name) \(String(format: "%.2f", step.seconds))s (cpu \(String(format: "%.2f", step.cpuSeconds))s, "
                    + "peak \(step.peakBytes >> 20) MiB)"
            }.joined(separator: ", ")
    }

    private static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_000_000) }

    /// The line after the first `shown` diagnostics of a run's inputs, when `more` were left out.
    package static func moreDiagnostics(_ more: Int) -> String {
        "… and \(more) more; `canopy inspect FILE` lists every diagnostic of a file"
    }

    /// A merged run's legs that could not be deleted once its files were written.
    package static func shardsNotDeleted(runKey: String, error: any Error) -> String {
        "warning: the shards of run \(runKey) could not be deleted: \(error)"
    }
}
