import UIKit

/// Views that name their subviews after themselves: `<Type>.<property>`, read by reflection.
///
/// Conforming views call `generateAccessibilityIdentifiers()` once their subviews exist; every
/// stored property holding a `UIView` gets an identifier, so a new button is identifiable the day
/// it is added. Renaming a property renames its identifier.
protocol AccessibilityIdentifiable {}

extension AccessibilityIdentifiable {
    func generateAccessibilityIdentifiers() {
        let mirror = Mirror(reflecting: self)
        for child in mirror.children {
            guard let view = child.value as? UIView, let label = child.label else { continue }
            view.accessibilityIdentifier = "\(type(of: self)).\(label)"
        }
    }
}
