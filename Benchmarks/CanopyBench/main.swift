import Foundation

// `canopy-bench KIND ARGS…`: in-process benchmarks driven by bench/run.sh (`make bench`).
// Each kind lives in its own file; figures are printed as `name: value unit` lines.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let kind = arguments.first else {
    FileHandle.standardError.write(
        Data("usage: CanopyBench parse|xcresult|snapshots|analysis|store|bundle|prune|metrics ARGS…\n".utf8))
    exit(2)
}
let rest = Array(arguments.dropFirst())
do {
    switch kind {
    case "parse": try ParseBench.run(rest)
    case "xcresult", "snapshots": try IngestBench.run(kind, rest)
    case "analysis": try AnalysisBench.run(rest)
    case "store": try StoreBench.run(rest)
    case "bundle": try BundleBench.run(rest)
    case "prune": try PruneBench.run(rest)
    case "metrics": try MetricChangeBench.run(rest)
    default:
        FileHandle.standardError.write(Data("unknown bench \(kind)\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("bench \(kind) failed: \(error)\n".utf8))
    exit(1)
}
