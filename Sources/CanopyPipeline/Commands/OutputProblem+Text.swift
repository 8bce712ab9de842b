extension OutputProblem {
    /// The error's reason, with the fix.
    var text: String {
        switch self {
        case .notADirectory(let path):
            return "\(path) is a file, not a directory; give --out a directory (or remove the file)"
        case .notWritable(let path, let reason):
            return "\(path) is not writable (\(reason)); give --out a directory you can write to"
        }
    }
}
