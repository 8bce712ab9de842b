import CanopyModel

/// The human list of accepted formats used in "unknown format" errors.
enum InputFormatList {
    static var accepted: String {
        InputFormat.allCases.map(\.displayName).joined(separator: "; ")
    }
}
