import Foundation

/// Number and change formatting shared by the renderers (locale-independent, so goldens are stable).
enum Format {
    /// `12,345`.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return value < 0 ? "−" + out : out
    }

    /// `12,345` for a count held as a `Double` (a KPI's value, a chart's point), rounded; `–` when
    /// it is not finite or does not fit an `Int`. Never traps.
    static func count(_ value: Double) -> String {
        Int(exactly: value.rounded()).map { count($0) } ?? "–"
    }

    /// `1 warning`, `2 warnings`.
    static func plural(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count(value)) \(value == 1 ? singular : plural ?? singular + "s")"
    }

    /// `plural(_:_:_:)` for a count held as a `Double`; `– tests` when it does not fit an `Int`.
    static func plural(_ value: Double, _ singular: String, _ plural: String? = nil) -> String {
        Int(exactly: value.rounded()).map { self.plural($0, singular, plural) } ?? "– \(plural ?? singular + "s")"
    }

    /// `71.2%` for 0.712.
    static func percent(_ ratio: Double) -> String { fixed(ratio * 100, digits: 1) + "%" }

    /// `12m 4s`, `4.2s`, `1h 2m`; `–` for a negative value or one that does not fit an `Int`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "–" }
        if seconds < 60 { return fixed(seconds, digits: 1) + "s" }
        guard let total = Int(exactly: seconds.rounded()) else { return "–" }
        if total < 3600 { return "\(total / 60)m \(total % 60)s" }
        return "\(total / 3600)h \((total % 3600) / 60)m"
    }

    /// `value` with `digits` decimals, no locale.
    static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "–" }
        return String(format: "%.\(digits)f", value)
    }

    /// Score 0…1 as `0.82`.
    static func score(_ value: Double) -> String { fixed(value, digits: 2) }

    /// The value of a KPI in its unit.
    static func value(_ kpi: DashboardKPI, _ unit: KPIUnit) -> String {
        guard kpi.isMeasured else { return "not measured" }
        switch unit {
        case .count: return count(kpi.value)
        case .ratio: return percent(kpi.value)
        case .seconds: return duration(kpi.value)
        }
    }

    /// The signed change of a KPI in its unit (`+4`, `−1.3 pp`, `+12.0s`), or nil without a baseline
    /// or when it did not change.
    static func change(_ kpi: DashboardKPI, _ unit: KPIUnit) -> String? {
        guard let change = kpi.change, change != 0, change.isFinite else { return nil }
        let sign = change > 0 ? "+" : "−"
        switch unit {
        case .count: return sign + count(abs(change))
        case .ratio: return sign + fixed(abs(change) * 100, digits: 1) + " pp"
        case .seconds: return sign + duration(abs(change))
        }
    }

    /// Whether a change is good, bad or neither for a KPI where `higherIsBetter` (nil: neutral).
    static func judgement(_ kpi: DashboardKPI, higherIsBetter: Bool?) -> ChangeJudgement {
        guard let change = kpi.change, change != 0, let higherIsBetter else { return .neutral }
        return (change > 0) == higherIsBetter ? .better : .worse
    }

    /// `2026-11-21`.
    static func day(_ date: Date) -> String {
        // A format style, not a DateFormatter made per call: history strips call this per result.
        date.formatted(dayStyle)
    }

    private static let dayStyle = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .gmt).year().month()
        .day().dateSeparator(.dash)

    /// `2026-11-21 03:12 UTC`.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
