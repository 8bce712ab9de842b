import SwiftUI

enum Screen: String {
    case checkout = "Checkout"
    case settings = "Settings"
}

enum PaymentField: String, CaseIterable {
    case cardNumber, expiry, cvc
}

struct PaymentSheetView: View {
    let fields: [PaymentField]
    private let sheetID = AccessibilityID.Checkout.paymentSheet

    var body: some View {
        VStack {
            ForEach(fields, id: \.self) { field in
                TextField(field.rawValue, text: .constant(""))
                    .accessibilityIdentifier("\(Screen.checkout.rawValue).PaymentSheet.\(field.rawValue)")
            }
            Button("Pay") {}
                .accessibilityIdentifier(AccessibilityID.Checkout.payButton)
            Text("Secured")
                .accessibilityIdentifier(makeIdentifier())
        }
        .accessibilityIdentifier(sheetID)
    }

    private func makeIdentifier() -> String { UUID().uuidString }
}
