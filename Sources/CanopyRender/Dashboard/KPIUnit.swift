import Foundation

/// How a KPI's value is written.
enum KPIUnit {
    case count, ratio, seconds
}
