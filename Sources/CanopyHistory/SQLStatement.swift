import CanopyModel
import Foundation

/// A statement and its arguments, written with `?` placeholders (PostgreSQL numbers them).
struct SQLStatement: Sendable {
    var sql: String
    var arguments: [SQLValue]

    /// The SQL with `?` replaced by `$1`, `$2`, … for PostgreSQL. Canopy's SQL has no `?` in literals.
    var numberedSQL: String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        for character in sql {
            if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
