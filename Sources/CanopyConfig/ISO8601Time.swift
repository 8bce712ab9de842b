import Foundation

/// Reads the times people write into canopy.yml (`expires`) and on the command line
/// (`--started-at`): a day (`2026-11-22`, midnight UTC) or a time with a zone
/// (`2026-11-22T02:00:00Z`, `2026-11-22T03:00:00.250+01:00`).
///
/// Strict where `ISO8601DateFormatter` is lenient: it rolls `2026-02-30` over to March 2, reads
/// `25:00` and `+99:00`, and reads `2026-11-22T02:00:00` (no zone) as the day alone. Here every
/// component is checked against its range, and the date made from them must give them back.
package enum ISO8601Time {
    /// Why a text is not a time, worded to follow "is not an ISO 8601 time: ".
    package enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not shaped like `YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ss` with a zone.
        case form
        /// A time of day without `Z` or an offset.
        case noZone
        case year(Int)
        case month(Int)
        /// The day, the month and the number of days that month has.
        case day(Int, month: Int, year: Int, days: Int)
        case hour(Int)
        case minute(Int)
        case second(Int)
        /// The offset as written.
        case offset(String)

        package var description: String {
            switch self {
            case .form:
                "expected YYYY-MM-DD or YYYY-MM-DDThh:mm:ss (fractions of a second allowed) followed by Z or an offset such as +01:00"
            case .noZone: "the time has no zone; add Z for UTC or the offset it was taken in, such as +01:00"
            case .year(let year): "year \(year) is out of range (0001…9999)"
            case .month(let month): "there is no month \(month) (01…12)"
            case .day(let day, let month, let year, let days):
                "there is no day \(day) in \(Self.monthNames[month - 1]) \(year) (it has \(days) days)"
            case .hour(let hour): "hour \(hour) is out of range (00…23)"
            case .minute(let minute): "minute \(minute) is out of range (00…59)"
            case .second(let second): "second \(second) is out of range (00…59)"
            case .offset(let offset): "the offset \(offset) is out of range (-12:00…+14:00, minutes 00…59)"
            }
        }

        static let monthNames = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November",
            "December",
        ]
    }

    /// The instant `text` names: a day is midnight UTC.
    package static func date(_ text: String) throws(Problem) -> Date {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take("-"), let month = scanner.digits(2), scanner.take("-"),
            let day = scanner.digits(2)
        else { throw .form }
        var time = (hour: 0, minute: 0, second: 0, fraction: 0.0)
        var offset = 0
        if scanner.atEnd {
            try check(year: year, month: month, day: day)
        } else {
            guard scanner.take("T") || scanner.take("t"), let hour = scanner.digits(2), scanner.take(":"),
                let minute = scanner.digits(2), scanner.take(":"), let second = scanner.digits(2)
            else { throw .form }
            time = (hour, minute, second, 0)
            if scanner.take(".") {
                let start = scanner.index
                while scanner.digits(1) != nil {}
                guard scanner.index > start,
                    let fraction = Double("0." + String(decoding: scanner.bytes[start..<scanner.index], as: UTF8.self))
                else { throw .form }
                time.fraction = fraction
            }
            offset = try zone(&scanner)
            try check(year: year, month: month, day: day)
            guard hour <= 23 else { throw .hour(hour) }
            guard minute <= 59 else { throw .minute(minute) }
            guard second <= 59 else { throw .second(second) }
        }
        guard scanner.atEnd else { throw .form }
        guard let zone = TimeZone(secondsFromGMT: offset) else {
            throw .offset(String(decoding: scanner.bytes, as: UTF8.self))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(
            year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
        // The round trip: a date Foundation rolled over would come back with other components.
        guard let date = calendar.date(from: components) else { throw .form }
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard
            [back.year, back.month, back.day, back.hour, back.minute, back.second] == [
                year, month, day, time.hour, time.minute, time.second,
            ]
        else { throw .form }
        return date.addingTimeInterval(time.fraction)
    }

    /// `Z`, `±hh:mm`, `±hhmm` or `±hh`, as seconds east of UTC.
    private static func zone(_ scanner: inout Scanner) throws(Problem) -> Int {
        if scanner.take("Z") || scanner.take("z") { return 0 }
        let start = scanner.index
        let sign: Int
        if scanner.take("+") {
            sign = 1
        } else if scanner.take("-") {
            sign = -1
        } else {
            throw scanner.atEnd ? .noZone : .form
        }
        guard let hours = scanner.digits(2) else { throw .form }
        var minutes = 0
        if scanner.take(":") {
            guard let value = scanner.digits(2) else { throw .form }
            minutes = value
        } else if let value = scanner.digits(2) {
            minutes = value
        }
        let seconds = sign * (hours * 3600 + minutes * 60)
        guard minutes <= 59, (-12 * 3600)...(14 * 3600) ~= seconds else {
            throw .offset(String(decoding: scanner.bytes[start..<scanner.index], as: UTF8.self))
        }
        return seconds
    }

    private static func check(year: Int, month: Int, day: Int) throws(Problem) {
        guard year >= 1 else { throw .year(year) }
        guard (1...12).contains(month) else { throw .month(month) }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { throw .day(day, month: month, year: year, days: days) }
    }

    /// Reads ASCII digits and punctuation from the front of the text.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        /// Consumes `character` when it comes next.
        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` ASCII digits as a number, or nil (consuming nothing).
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
    }
}
