import Crypto
import Foundation

/// One view of the dashboard shell: a tab and its panel.
struct HTMLView {
    var id: String
    var label: String
    var html: String
}
