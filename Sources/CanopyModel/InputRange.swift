import Foundation

/// The ranges a number read from an input (or from a stored run) must fall in to be used.
///
/// Every number an input carries is checked once, where it is parsed: a value outside its range
/// is unknown (nil) and the parser says so in a `Diagnostic` naming the file and line. Readers of
/// a store apply the same ranges to what they read back, so a value stored before these checks
/// existed is treated the same way. Downstream code may then convert without trapping: a duration
/// in range times 1,000 fits an `Int`, and so does a sum of a run's counts.
///
/// The ranges are documented for users in `docs/input-formats.md` ("Numbers").
package enum InputRange {
    /// The longest duration accepted, in seconds: 30 days. No test, attempt or run of a UI-test
    /// job lasts longer; a larger value is a producer's bug or a hostile file.
    package static let maximumDuration: Double = 30 * 24 * 3_600

    /// The largest count accepted (tests, failures, repetitions): 2^31 − 1. A run of 250,000
    /// tests is far below it, and sums of such counts stay far below `Int.max`.
    package static let maximumCount = Int(Int32.max)

    /// The earliest instant accepted as a run's or a test's time: 2000-01-01T00:00:00Z.
    package static let earliestDate = Date(timeIntervalSince1970: 946_684_800)

    /// The latest instant accepted: 2100-01-01T00:00:00Z.
    package static let latestDate = Date(timeIntervalSince1970: 4_102_444_800)

    /// The largest magnitude accepted for a coordinate or size of an element's frame, in points:
    /// 1,000,000, far beyond any screen.
    package static let maximumCoordinate: Double = 1_000_000

    /// `seconds` when it is a usable duration (finite, 0 or more — a negative zero reads as 0 —
    /// and at most `maximumDuration`); nil otherwise.
    package static func duration(_ seconds: Double) -> Double? {
        guard seconds.isFinite, seconds >= 0, seconds <= maximumDuration else { return nil }
        return seconds == 0 ? 0 : seconds
    }

    /// `value` as a count when it is a whole number from 0 to `maximumCount`; nil otherwise.
    package static func count(_ value: Double) -> Int? {
        guard value.isFinite, value >= 0, value <= Double(maximumCount), value.rounded(.towardZero) == value else {
            return nil
        }
        return Int(value)
    }

    /// `value` when it is from 0 to `maximumCount`; nil otherwise.
    package static func count(_ value: Int) -> Int? {
        (0...maximumCount).contains(value) ? value : nil
    }

    /// `date` when it lies from `earliestDate` to `latestDate`; nil otherwise.
    package static func date(_ date: Date) -> Date? {
        (earliestDate...latestDate).contains(date) ? date : nil
    }

    /// The instant `seconds` after `reference` when it is finite and lies in the accepted window;
    /// nil otherwise. Checks before building the `Date`, so that no conversion of an absurd value
    /// is attempted.
    package static func date(seconds: Double, since reference: Date) -> Date? {
        guard seconds.isFinite, abs(seconds) < 1e11 else { return nil }
        return date(reference.addingTimeInterval(seconds))
    }

    /// `value` when it is a finite coordinate or size of at most `maximumCoordinate` points either
    /// way (-0 reads as 0); nil otherwise.
    package static func coordinate(_ value: Double) -> Double? {
        guard value.isFinite, abs(value) <= maximumCoordinate else { return nil }
        return value == 0 ? 0 : value
    }

    /// Whole milliseconds of a duration in seconds, for displays and documents that carry
    /// integers: nil for a value outside `duration(_:)`'s range. Never traps.
    package static func milliseconds(_ seconds: Double) -> Int? {
        duration(seconds).map { Int(($0 * 1_000).rounded()) }
    }
}
