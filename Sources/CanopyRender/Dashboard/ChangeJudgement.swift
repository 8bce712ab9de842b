import Foundation

/// Whether a change is an improvement.
enum ChangeJudgement: String {
    case better, worse, neutral
}
