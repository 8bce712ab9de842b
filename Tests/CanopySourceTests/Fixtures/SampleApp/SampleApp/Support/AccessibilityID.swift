/// The app's identifier constants, one nested enum per screen.
enum AccessibilityID {
    enum Checkout {
        static let payButton = "Checkout.PayButton"
        static let paymentSheet = "Checkout.PaymentSheet"
    }
}

extension AccessibilityID.Checkout {
    static let total = "Checkout.Total"
}
