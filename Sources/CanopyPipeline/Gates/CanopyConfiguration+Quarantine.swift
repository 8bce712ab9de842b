import CanopyConfig
import Foundation

extension CanopyConfiguration {
    /// The quarantine entries that apply on `date` (not expired): the one filter `run`, `check`
    /// and `report` judge by.
    func activeQuarantine(on date: Date) -> [QuarantineEntry] {
        quarantine.filter { $0.isActive(on: date) }
    }
}
