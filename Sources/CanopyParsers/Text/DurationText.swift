import CanopyModel
import Foundation

/// Reads the many ways producers write a duration in seconds.
enum DurationText {
    /// Parses a JUnit `time` attribute: `1.5`, `7.5e-05`, `1,234.5` (thousands commas),
    /// `0,012` (decimal comma). Returns nil for garbage (`<<computed>>`) and for a value outside
    /// `InputRange.duration` (negative, non-finite, longer than 30 days); `-0` is 0.
    static func seconds(junit text: String) -> Double? {
        // Fast path for the common case (plain decimal or exponent), without Foundation.
        if let value = Double(text) { return InputRange.duration(value) }
        var cleaned = text.trimmingASCIIWhitespace()
        if cleaned.hasSuffix("s"), !cleaned.hasSuffix("ms") { cleaned.removeLast() }
        if cleaned.isEmpty { return nil }
        if cleaned.utf8.contains(UInt8(ascii: ",")) {
            if cleaned.utf8.contains(UInt8(ascii: ".")) || isThousandsGrouped(cleaned) {
                cleaned.removeAll { $0 == "," }
            } else {
                cleaned = cleaned.replacingOccurrences(of: ",", with: ".")
            }
        }
        return Double(cleaned).flatMap(InputRange.duration)
    }

    /// Parses an xcresulttool localised duration: `6s`, `0,012s`, `1m 5s`, `2h 1m 3s`, `250ms`.
    /// Returns nil for garbage and for a total outside `InputRange.duration`.
    static func seconds(xcresult text: String) -> Double? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\u{00A0}" })
        guard !parts.isEmpty else { return nil }
        var total = 0.0
        for part in parts {
            var number = Substring(part)
            let multiplier: Double
            if number.hasSuffix("ms") {
                number = number.dropLast(2)
                multiplier = 0.001
            } else if number.hasSuffix("s") {
                number = number.dropLast()
                multiplier = 1
            } else if number.hasSuffix("m") || number.hasSuffix("min") {
                number = number.hasSuffix("min") ? number.dropLast(3) : number.dropLast()
                multiplier = 60
            } else if number.hasSuffix("h") {
                number = number.dropLast()
                multiplier = 3600
            } else {
                multiplier = 1
            }
            guard let value = Double(number.replacingOccurrences(of: ",", with: ".")), value.isFinite, value >= 0 else {
                return nil
            }
            total += value * multiplier
        }
        return InputRange.duration(total)
    }

    private static func isThousandsGrouped(_ text: String) -> Bool {
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.count >= 2, let first = groups.first, (1...3).contains(first.count), first.first != "0" else {
            return false
        }
        return groups.dropFirst().allSatisfy { $0.count == 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
            && first.allSatisfy(\.isNumber)
    }
}
