import CanopyModel
import Foundation

extension ExcusedFailure {
    /// `known flaky`, or `quarantined until 2026-12-01: reason`.
    package var reasonText: String {
        switch reason {
        case .knownFlaky:
            return "known flaky"
        case .quarantined(let until, let note):
            return Self.quarantineText(until: until, reason: note)
        }
    }

    /// `quarantined until 2026-12-01: reason`: the badge of everything a quarantine entry covers.
    package static func quarantineText(until: Date?, reason: String?) -> String {
        var text = "quarantined"
        if let until {
            let day = ISO8601DateFormatter()
            day.formatOptions = [.withFullDate]
            text += " until " + day.string(from: until)
        }
        if let reason, !reason.isEmpty { text += ": " + reason }
        return text
    }
}
