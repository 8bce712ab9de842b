import SwiftParser
import SwiftSyntax

/// The first pass over one file: fills ``SourceFacts``.
final class SourceFactsVisitor: SyntaxVisitor {
    private(set) var facts = SourceFacts()
    private var scope = TypeScope()
    private let converter: SourceLocationConverter

    init(tree: SourceFileSyntax, converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.push(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { scope.pop() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.push(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { scope.pop() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.push(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { scope.pop() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.push(node.extendedType.trimmedDescription)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scope.pop() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.push(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { scope.pop() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.push(node.name.text)
        let isStringEnum =
            node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription == "String"
        if isStringEnum {
            for member in node.memberBlock.members {
                guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in cases.elements {
                    let name = element.name.text
                    var raw = name
                    if let literal = element.rawValue?.value.as(StringLiteralExprSyntax.self),
                        let text = literal.plainText
                    {
                        raw = text
                    }
                    facts.enumCases[(scope.names + [name]).joined(separator: ".")] = .init(name: name, rawValue: raw)
                }
            }
        }
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { scope.pop() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if isLet, let value = binding.initializer?.value {
                facts.constants[(scope.names + [name]).joined(separator: ".")] = .init(
                    value: value, scope: scope.names)
            }
            if !scope.names.isEmpty, let typeName = Self.typeName(of: binding), ViewTypeNames.isView(typeName) {
                let line = converter.location(for: binding.positionAfterSkippingLeadingTrivia).line
                facts.viewProperties[scope.names.joined(separator: "."), default: []].append(
                    .init(name: name, line: line))
            }
        }
        // Locals inside functions are not constants of the type.
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body, Self.isReflectionHelper(body) { facts.reflectionHelpers.insert(node.name.text) }
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// The annotated type's name, or the called type of the initializer (`UIButton(type: .system)`).
    private static func typeName(of binding: PatternBindingSyntax) -> String? {
        if let annotation = binding.typeAnnotation?.type {
            return annotation.as(IdentifierTypeSyntax.self)?.name.text
                ?? annotation.as(MemberTypeSyntax.self)?.name.text
        }
        if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) {
            return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        return nil
    }

    private static func isReflectionHelper(_ body: CodeBlockSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var mirror = false
            var assigns = false
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Mirror",
                    node.arguments.first?.label?.text == "reflecting"
                {
                    mirror = true
                }
                return .visitChildren
            }
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                if node.declName.baseName.text == "accessibilityIdentifier" { assigns = true }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.mirror && finder.assigns
    }
}

/// The stack of enclosing type names; an extension pushes its extended type's components.
struct TypeScope {
    private var stack: [[String]] = []

    var names: [String] { stack.flatMap { $0 } }

    mutating func push(_ name: String) {
        stack.append(name.split(separator: ".").map(String.init))
    }

    mutating func pop() { stack.removeLast() }
}

extension StringLiteralExprSyntax {
    /// The literal's text when it has no interpolation, escapes applied.
    var plainText: String? { representedLiteralValue }
}
