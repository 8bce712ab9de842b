import StoreKit
import SwiftUI
import UIKit

/// Podcasts Premium: pick a plan, then pay in the payment sheet.
final class CheckoutViewController: UIViewController {
    private let planPicker = UISegmentedControl(items: [
        String(localized: "Monthly"), String(localized: "Yearly"), String(localized: "Family"),
    ])
    private let continueButton = UIButton(configuration: .filled())
    private let restoreButton = UIButton(configuration: .plain())
    private let termsLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.accessibilityIdentifier = AccessibilityID.Checkout.root

        planPicker.selectedSegmentIndex = 1
        planPicker.accessibilityIdentifier = AccessibilityID.Checkout.planPicker
        continueButton.setTitle(String(localized: "Continue"), for: .normal)
        continueButton.addTarget(self, action: #selector(presentPaymentSheet), for: .primaryActionTriggered)
        continueButton.accessibilityIdentifier = "Checkout.Continue"
        restoreButton.setTitle(String(localized: "Restore Purchases"), for: .normal)
        restoreButton.addTarget(self, action: #selector(restore), for: .primaryActionTriggered)
        restoreButton.accessibilityIdentifier = AccessibilityID.Checkout.restorePurchases
        termsLabel.text = String(localized: "Renews automatically. Cancel anytime in Settings.")
        termsLabel.font = .preferredFont(forTextStyle: .footnote)
        termsLabel.numberOfLines = 0
        termsLabel.accessibilityIdentifier = AccessibilityID.Checkout.terms

        let stack = UIStackView(arrangedSubviews: [planPicker, continueButton, restoreButton, termsLabel])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -24),
        ])
    }

    @objc private func presentPaymentSheet() {
        let plan = Plan.allCases[planPicker.selectedSegmentIndex]
        let sheet = UIHostingController(rootView: PaymentSheetView(plan: plan) { [weak self] in self?.dismiss(animated: true) })
        sheet.sheetPresentationController?.detents = [.medium(), .large()]
        present(sheet, animated: true)
    }

    @objc private func restore() {
        Task { try? await AppStore.sync() }
    }
}

enum Plan: String, CaseIterable {
    case monthly, yearly, family

    var price: Decimal {
        switch self {
        case .monthly: 4.99
        case .yearly: 49.99
        case .family: 79.99
        }
    }
}
