import UIKit

/// Views that name their subviews `<Type>.<property>`, read by reflection.
protocol AccessibilityIdentifiable {}

extension AccessibilityIdentifiable {
    func generateAccessibilityIdentifiers() {
        let mirror = Mirror(reflecting: self)
        for child in mirror.children {
            if let view = child.value as? UIView, let label = child.label {
                view.accessibilityIdentifier = "\(type(of: self)).\(label)"
            }
        }
    }
}
