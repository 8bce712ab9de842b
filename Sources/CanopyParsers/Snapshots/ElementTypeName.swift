import CanopyModel

/// The parsers' name for `ElementTypeCaseName`.
typealias ElementTypeName = ElementTypeCaseName
