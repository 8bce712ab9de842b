import UIKit

final class CheckoutViewController: UIViewController {
    private let payButton = UIButton(type: .system)
    private let totalLabel = UILabel()
    private let promoLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "Checkout.Root"
        payButton.accessibilityIdentifier = AccessibilityID.Checkout.payButton
        totalLabel.accessibilityIdentifier = AccessibilityID.Checkout.total
        promoLabel.accessibilityIdentifier = "Checkout." + "Promo"
    }

    func configure(cell: UITableViewCell, identifier: String) {
        cell.accessibilityIdentifier = identifier
    }
}
