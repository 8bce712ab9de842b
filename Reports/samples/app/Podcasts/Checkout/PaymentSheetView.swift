import PassKit
import SwiftUI

/// The payment sheet: card fields, coupon, total, Apple Pay and Pay.
struct PaymentSheetView: View {
    enum CardField: String, CaseIterable {
        case cardNumber = "CardNumber", expiry = "Expiry", cvc = "CVC", postalCode = "PostalCode"
    }

    let plan: Plan
    var close: () -> Void
    @State private var card: [CardField: String] = [:]
    @State private var coupon = ""
    @State private var discount: Decimal = 0
    @State private var isPaying = false

    private var total: Decimal { max(0, plan.price - discount) }

    var body: some View {
        NavigationStack {
            Form {
                Section("Card") {
                    ForEach(CardField.allCases, id: \.self) { field in
                        TextField(field.rawValue, text: Binding(get: { card[field, default: ""] }, set: { card[field] = $0 }))
                            .keyboardType(.numberPad)
                            .accessibilityIdentifier("Checkout.PaymentSheet.\(field.rawValue)")
                    }
                }
                Section("Coupon") {
                    HStack {
                        TextField("Coupon", text: $coupon)
                            .textInputAutocapitalization(.characters)
                            .accessibilityIdentifier(AccessibilityID.Checkout.PaymentSheet.coupon)
                        Button("Apply") { discount = coupon.isEmpty ? 0 : plan.price / 5 }
                            .disabled(coupon.isEmpty)
                            .accessibilityIdentifier(AccessibilityID.Checkout.PaymentSheet.applyCoupon)
                    }
                }
                Section {
                    LabeledContent("Total", value: total, format: .currency(code: "USD"))
                        .accessibilityIdentifier(AccessibilityID.Checkout.PaymentSheet.total)
                    PayWithApplePayButton(.subscribe) { isPaying = true }
                        .frame(height: 44)
                        .accessibilityIdentifier(AccessibilityID.Checkout.PaymentSheet.applePayButton)
                    Button { isPaying = true } label: {
                        Text("Pay").frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.borderedProminent)
                    .disabled(isPaying || card.count < CardField.allCases.count)
                    .accessibilityIdentifier(AccessibilityID.Checkout.PaymentSheet.payButton)
                }
            }
            .navigationTitle("Payment")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Close", action: close)
                        .accessibilityIdentifier(AccessibilityID.Checkout.PaymentSheet.close)
                }
            }
        }
        .accessibilityIdentifier(AccessibilityID.Checkout.PaymentSheet.root)
    }
}
