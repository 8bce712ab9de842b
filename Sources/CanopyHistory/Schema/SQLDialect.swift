import Foundation

/// The SQL dialect a statement is written for.
enum SQLDialect: Sendable {
    case sqlite
    case postgres
}
