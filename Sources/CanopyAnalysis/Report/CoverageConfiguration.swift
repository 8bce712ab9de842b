/// How identifier coverage is broken down.
package struct CoverageConfiguration: Sendable, Equatable, Hashable, Codable {
    /// Tree depth down to which branch coverage figures are reported (`branchDepth`, default 2:
    /// `Checkout` and `Checkout.PaymentSheet`).
    package var branchDepth: Int

    package init(branchDepth: Int = 2) {
        self.branchDepth = branchDepth
    }
}
