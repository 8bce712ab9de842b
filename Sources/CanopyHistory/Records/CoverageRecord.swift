import CanopyModel

/// One row of `coverage`: identifier coverage over one scope of one run.
struct CoverageRecord: RunChildRecord {
    static let table = "coverage"
    static let columns = ["run_id", "scope", "name", "interactive", "identified"]

    var figure: CoverageFigure

    func write<Sink: SQLRowSink>(ids: RowIDs, to sink: inout Sink) {
        sink.int(ids.run)
        sink.text(figure.scope.rawValue)
        sink.text(figure.name)
        sink.int(figure.interactive)
        sink.int(figure.identified)
    }

    static func decode(_ row: some SQLRowReader, location: String) throws -> CoverageFigure {
        let scopeText = try row.text(0) ?? ""
        guard let scope = CoverageFigure.Scope(rawValue: scopeText) else {
            throw HistoryError.corruptValue(location: location, column: "coverage.scope", value: scopeText)
        }
        return CoverageFigure(
            scope: scope, name: try row.text(1) ?? "", interactive: try row.int(2) ?? 0, identified: try row.int(3) ?? 0
        )
    }
}
