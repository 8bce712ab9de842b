import CanopyModel
import CanopyParsers
import Foundation

enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self {
        case .usage(let text): "usage: CanopyBench \(text)"
        }
    }
}
