import SwiftSyntax

/// Resolves an identifier expression to text or a template, from ``SourceFacts``; `nil` when it
/// cannot (a parameter, a call, an implicit member, a subscript): never a guess.
///
/// Resolved: string literals; `+` of resolvable operands; constants (`static let`/`let` with an
/// initializer, looked up from the innermost enclosing type outwards, across files); a `String`
/// enum case's `.rawValue`. Inside interpolation also: an enum case (its name), `Self.self`,
/// `type(of: self)` and `String(describing:)` of those (the enclosing type's name), and any other
/// chain of names, which becomes a `{lastName}` placeholder (`podcast.id` → `{id}`,
/// `field.rawValue` → `{field}`). A result made only of placeholders is unresolved.
struct IdentifierResolver {
    enum Piece: Equatable {
        case text(String)
        case placeholder(String)
    }

    struct Resolved {
        var pieces: [Piece]
        var composed = false
        var reflective = false

        var rendered: String {
            pieces.map {
                switch $0 {
                case .text(let text): text
                case .placeholder(let name): "{\(name)}"
                }
            }.joined()
        }

        var kind: IdentifierDeclaration.Kind {
            reflective ? .reflection : composed ? .composed : .literal
        }
    }

    let facts: SourceFacts

    /// The maximum depth of constants referring to constants.
    private static let maximumDepth = 16

    func resolveIdentifier(_ expression: ExprSyntax, scope: [String]) -> Resolved? {
        guard let resolved = resolve(expression, scope: scope, depth: 0),
            resolved.pieces.contains(where: { if case .text(let text) = $0 { !text.isEmpty } else { false } })
        else { return nil }
        return resolved
    }

    private func resolve(_ expression: ExprSyntax, scope: [String], depth: Int) -> Resolved? {
        guard depth < Self.maximumDepth else { return nil }
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            return resolveLiteral(literal, scope: scope, depth: depth)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return resolveConcatenation(Array(sequence.elements), scope: scope, depth: depth)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
            let only = tuple.elements.first, only.label == nil
        {
            return resolve(only.expression, scope: scope, depth: depth)
        }
        if let reflected = typeName(reflectedBy: expression, scope: scope) {
            return Resolved(pieces: [.text(reflected)], reflective: true)
        }
        guard let path = namePath(expression, scope: scope) else { return nil }
        if path.last == "rawValue", let enumCase = lookUpCase(Array(path.dropLast()), scope: scope) {
            return Resolved(pieces: [.text(enumCase.rawValue)])
        }
        if let constant = lookUpConstant(path, scope: scope) {
            return resolve(constant.value, scope: constant.scope, depth: depth + 1)
        }
        return nil
    }

    private func resolveLiteral(_ literal: StringLiteralExprSyntax, scope: [String], depth: Int) -> Resolved? {
        var resolved = Resolved(pieces: [])
        for segment in literal.segments {
            if let text = segment.as(StringSegmentSyntax.self) {
                resolved.pieces.append(.text(Self.unescaped(text.content.text)))
            } else if let interpolation = segment.as(ExpressionSegmentSyntax.self) {
                guard interpolation.expressions.count == 1, let inner = interpolation.expressions.first,
                    inner.label == nil, let piece = resolveInterpolated(inner.expression, scope: scope, depth: depth)
                else { return nil }
                resolved.pieces += piece.pieces
                resolved.composed = true
                resolved.reflective = resolved.reflective || piece.reflective
            }
        }
        return resolved
    }

    private func resolveInterpolated(_ expression: ExprSyntax, scope: [String], depth: Int) -> Resolved? {
        if let resolved = resolve(expression, scope: scope, depth: depth + 1) { return resolved }
        guard let path = namePath(expression, scope: scope) else { return nil }
        if let enumCase = lookUpCase(path, scope: scope) { return Resolved(pieces: [.text(enumCase.name)]) }
        let significant = path.last == "rawValue" ? path.dropLast() : path[...]
        guard let name = significant.last, name != "self", name != "Self" else { return nil }
        return Resolved(pieces: [.placeholder(name)])
    }

    /// `a + b + c`, every operator `+`.
    private func resolveConcatenation(_ elements: [ExprSyntax], scope: [String], depth: Int) -> Resolved? {
        guard elements.count >= 3, elements.count % 2 == 1 else { return nil }
        var resolved = Resolved(pieces: [], composed: true)
        for (offset, element) in elements.enumerated() {
            if offset % 2 == 1 {
                guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
                continue
            }
            guard let operand = resolve(element, scope: scope, depth: depth + 1) else { return nil }
            resolved.pieces += operand.pieces
            resolved.reflective = resolved.reflective || operand.reflective
        }
        return resolved
    }

    /// `Self.self`, `type(of: self)`, `String(describing: …)` of either: the enclosing type's name.
    private func typeName(reflectedBy expression: ExprSyntax, scope: [String]) -> String? {
        guard let current = scope.last else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Self"
        {
            return current
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let called = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            call.arguments.count == 1, let argument = call.arguments.first
        else { return nil }
        if called == "type", argument.label?.text == "of",
            argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            return current
        }
        if called == "String", argument.label?.text == "describing" {
            return typeName(reflectedBy: argument.expression, scope: scope)
        }
        return nil
    }

    /// `a.b.c` as `["a", "b", "c"]`; `Self.x` as the enclosing type's path; `nil` for anything else.
    private func namePath(_ expression: ExprSyntax, scope: [String]) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name == "Self" ? scope : [name]
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            let basePath = namePath(base, scope: scope)
        {
            return basePath + [member.declName.baseName.text]
        }
        return nil
    }

    private func lookUpConstant(_ path: [String], scope: [String]) -> SourceFacts.Constant? {
        for candidate in SourceFacts.candidates(path.joined(separator: "."), scope: scope) {
            if let constant = facts.constants[candidate] { return constant }
        }
        return nil
    }

    private func lookUpCase(_ path: [String], scope: [String]) -> SourceFacts.EnumCase? {
        guard !path.isEmpty else { return nil }
        for candidate in SourceFacts.candidates(path.joined(separator: "."), scope: scope) {
            if let enumCase = facts.enumCases[candidate] { return enumCase }
        }
        return nil
    }

    /// A literal segment's source text with Swift's simple escapes applied.
    static func unescaped(_ source: String) -> String {
        guard source.contains("\\") else { return source }
        var text = ""
        var escaped = false
        for character in source {
            if escaped {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "0": text.append("\0")
                case "r": text.append("\r")
                default: text.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}
