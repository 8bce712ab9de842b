import SwiftParser
import SwiftSyntax

/// The second pass over one file: identifier declarations, UI-test queries and unresolved
/// expressions, resolved with every file's ``SourceFacts``.
///
/// Declarations: `x.accessibilityIdentifier = …` (and `accessibilityIdentifier = …` inside a view),
/// `.accessibilityIdentifier(…)`, a call to a reflection helper (one `<Type>.<property>` per view
/// property of the calling type), and, in a file that imports XCTest, the cases of a `String` enum
/// (locators). Queries: `element.buttons[…]` (any XCUIElement type query), an argument labelled
/// `identifier:` (`matching(identifier:)`), `NSPredicate(format:)` comparing `identifier`.
final class IdentifierDeclarationVisitor: SyntaxVisitor {
    private(set) var declarations: [IdentifierDeclaration] = []
    private(set) var queries: [IdentifierQuery] = []
    private(set) var unresolved: [UnresolvedIdentifier] = []
    private(set) var testClasses: [TestClassDeclaration] = []
    private(set) var conformances: [TypeConformance] = []

    private let path: String
    private let facts: SourceFacts
    private let resolver: IdentifierResolver
    private let converter: SourceLocationConverter
    private let isUITestFile: Bool
    private var scope = TypeScope()
    private var functions: [String] = []
    private var reflectedTypes: Set<String> = []

    /// XCUIElementTypeQueryProvider's queries, subscripted by identifier.
    static let elementQueries: Set<String> = [
        "activityIndicators", "alerts", "any", "buttons", "cells", "checkBoxes", "collectionViews", "datePickers",
        "images", "keys", "links", "menuItems", "menus", "navigationBars", "otherElements", "pickerWheels", "pickers",
        "progressIndicators", "scrollViews", "searchFields", "secureTextFields", "segmentedControls", "sheets",
        "sliders", "staticTexts", "steppers", "switches", "tabBars", "tables", "textFields", "textViews", "toggles",
        "toolbars", "webViews", "windows", "descendants", "children",
    ]

    init(path: String, tree: SourceFileSyntax, converter: SourceLocationConverter, facts: SourceFacts) {
        self.path = path
        self.facts = facts
        resolver = IdentifierResolver(facts: facts)
        self.converter = converter
        isUITestFile = tree.statements.contains {
            $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription == "XCTest"
        }
        super.init(viewMode: .sourceAccurate)
    }

    private var typeName: String? { scope.names.isEmpty ? nil : scope.names.joined(separator: ".") }

    private func line(_ node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    // MARK: Scopes

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        // Every inheriting class of a UI-test file is a candidate: whether it is a test class
        // depends on the classes of other files (`SourceIndex.testClasses`).
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        if isUITestFile, !inherited.isEmpty {
            testClasses.append(
                TestClassDeclaration(name: node.name.text, file: path, line: line(node.name), inherits: inherited))
        }
        return push(node.name.text)
    }
    override func visitPost(_ node: ClassDeclSyntax) { scope.pop() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { scope.pop() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { scope.pop() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        conform(node.name.text, node.inheritanceClause)
        return push(node.name.text)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { scope.pop() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        conform(SourceIndex.simpleName(node.extendedType.trimmedDescription), node.inheritanceClause)
        return push(node.extendedType.trimmedDescription)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scope.pop() }

    /// Records what a protocol or an extension of a UI-test file inherits.
    private func conform(_ name: String, _ clause: InheritanceClauseSyntax?) {
        let inherited = clause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        if isUITestFile, !inherited.isEmpty { conformances.append(TypeConformance(name: name, inherits: inherited)) }
    }

    private func push(_ name: String) -> SyntaxVisitorContinueKind {
        scope.push(name)
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // A reflection helper's own assignment is represented by its callers' identifiers.
        if facts.reflectionHelpers.contains(node.name.text), node.body.map(Self.readsMirror) == true {
            return .skipChildren
        }
        functions.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        if functions.last == node.name.text { functions.removeLast() }
    }

    // MARK: Locators

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.push(node.name.text)
        guard isUITestFile else { return .visitChildren }
        for member in node.memberBlock.members {
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in cases.elements {
                let qualified = (scope.names + [element.name.text]).joined(separator: ".")
                guard let enumCase = facts.enumCases[qualified] else { continue }
                declarations.append(
                    IdentifierDeclaration(
                        identifier: enumCase.rawValue, kind: .locator, file: path, line: line(element),
                        type: typeName))
            }
        }
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { scope.pop() }

    // MARK: Declarations

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard let assignment = elements.firstIndex(where: { $0.is(AssignmentExprSyntax.self) }), assignment > 0,
            assignment + 1 < elements.count
        else { return .visitChildren }
        let target = elements[assignment - 1]
        let isIdentifier =
            target.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "accessibilityIdentifier"
            || target.as(DeclReferenceExprSyntax.self)?.baseName.text == "accessibilityIdentifier"
        guard isIdentifier else { return .visitChildren }
        let rest = Array(elements[(assignment + 1)...])
        let value: ExprSyntax =
            rest.count == 1 ? rest[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(rest)))
        declare(value, line: line(target))
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "accessibilityIdentifier",
            let argument = node.arguments.first, argument.label == nil
        {
            declare(argument.expression, line: line(member.declName))
        }
        if let helper = Self.calledName(node), facts.reflectionHelpers.contains(helper) {
            declareReflected()
        }
        for argument in node.arguments where argument.label?.text == "identifier" {
            query(argument.expression, line: line(argument))
        }
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSPredicate" {
            predicateQueries(node)
        }
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        let called: String? =
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
                member.declName.baseName.text
            } else if let call = node.calledExpression.as(FunctionCallExprSyntax.self) {
                Self.calledName(call)
            } else {
                nil
            }
        if let called, Self.elementQueries.contains(called), node.arguments.count == 1,
            let argument = node.arguments.first, argument.label == nil
        {
            query(argument.expression, line: line(node.leftSquare), bySubscript: true)
        }
        return .visitChildren
    }

    private func declare(_ expression: ExprSyntax, line: Int) {
        guard let resolved = resolver.resolveIdentifier(expression, scope: scope.names) else {
            unresolved.append(
                UnresolvedIdentifier(expression: expression.trimmedDescription, file: path, line: line, type: typeName))
            return
        }
        declarations.append(
            IdentifierDeclaration(
                identifier: resolved.rendered, kind: resolved.kind, file: path, line: line, type: typeName))
    }

    /// The calling type's view properties, `<Type>.<property>`, once per type.
    private func declareReflected() {
        guard let typeName, let short = scope.names.last, reflectedTypes.insert(typeName).inserted else { return }
        for property in facts.viewProperties[typeName] ?? [] {
            declarations.append(
                IdentifierDeclaration(
                    identifier: "\(short).\(property.name)", kind: .reflection, file: path, line: property.line,
                    type: typeName))
        }
    }

    // MARK: Queries

    private func query(_ expression: ExprSyntax, line: Int, bySubscript: Bool = false) {
        guard let resolved = resolver.resolveIdentifier(expression, scope: scope.names) else {
            unresolved.append(
                UnresolvedIdentifier(expression: expression.trimmedDescription, file: path, line: line, type: typeName))
            return
        }
        queries.append(
            IdentifierQuery(
                identifier: resolved.rendered, file: path, line: line, type: typeName, function: functions.last,
                bySubscript: bySubscript))
    }

    /// `NSPredicate(format: "identifier == 'x'")` and `NSPredicate(format: "identifier == %@", x)`.
    private func predicateQueries(_ node: FunctionCallExprSyntax) {
        let arguments = Array(node.arguments)
        guard let format = arguments.first, format.label?.text == "format",
            let text = format.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        else { return }
        let callLine = line(node)
        for comparison in PredicateFormat.identifierComparisons(in: text) {
            switch comparison {
            case .literal(let identifier):
                queries.append(
                    IdentifierQuery(
                        identifier: identifier, file: path, line: callLine, type: typeName, function: functions.last))
            case .argument(let index):
                guard index + 1 < arguments.count else { continue }
                query(arguments[index + 1].expression, line: callLine)
            }
        }
    }

    private static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    private static func readsMirror(_ body: CodeBlockSyntax) -> Bool {
        body.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier("Mirror") }
    }
}
