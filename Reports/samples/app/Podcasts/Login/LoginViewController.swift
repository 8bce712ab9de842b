import LocalAuthentication
import SwiftUI
import UIKit

/// Email and password sign-in, with Face ID once the user opted in with "Remember me".
final class LoginViewController: UIViewController {
    var onSignIn: ((String) -> Void)?

    private let emailField = UITextField()
    private let passwordField = UITextField()
    private let rememberMeSwitch = UISwitch()
    private let submitButton = UIButton(configuration: .filled())
    private let forgotPasswordButton = UIButton(configuration: .plain())
    private let signUpButton = UIButton(configuration: .tinted())
    private let appleSignInButton = UIButton(configuration: .gray())
    private let biometricButton = UIButton(configuration: .plain())
    private let termsLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.accessibilityIdentifier = "Login.Root"

        emailField.placeholder = String(localized: "Email")
        emailField.keyboardType = .emailAddress
        emailField.textContentType = .username
        emailField.autocapitalizationType = .none
        emailField.accessibilityIdentifier = "Login.Email"

        passwordField.placeholder = String(localized: "Password")
        passwordField.isSecureTextEntry = true
        passwordField.textContentType = .password
        passwordField.accessibilityIdentifier = "Login.Password"

        rememberMeSwitch.accessibilityLabel = String(localized: "Remember me")
        rememberMeSwitch.accessibilityIdentifier = "Login.RememberMe"

        submitButton.setTitle(String(localized: "Sign In"), for: .normal)
        submitButton.addTarget(self, action: #selector(submit), for: .primaryActionTriggered)
        submitButton.accessibilityIdentifier = "Login.Submit"

        forgotPasswordButton.setTitle(String(localized: "Forgot your password?"), for: .normal)
        forgotPasswordButton.accessibilityIdentifier = "Login.ForgotPassword"

        signUpButton.setTitle(String(localized: "Create account"), for: .normal)
        signUpButton.accessibilityIdentifier = "Login.SignUp"

        appleSignInButton.setTitle(String(localized: "Sign in with Apple"), for: .normal)
        appleSignInButton.accessibilityIdentifier = "Login.AppleSignIn"

        biometricButton.setImage(UIImage(systemName: "faceid"), for: .normal)
        biometricButton.accessibilityLabel = String(localized: "Sign in with Face ID")
        biometricButton.addTarget(self, action: #selector(signInWithBiometrics), for: .primaryActionTriggered)
        biometricButton.accessibilityIdentifier = "Login.Biometric"

        termsLabel.text = String(localized: "By signing in you accept the Terms of Service.")
        termsLabel.font = .preferredFont(forTextStyle: .footnote)
        termsLabel.numberOfLines = 0
        termsLabel.accessibilityIdentifier = "Login.Terms"

        let rememberMe = UIStackView(arrangedSubviews: [UILabel.body(String(localized: "Remember me")), rememberMeSwitch])
        let stack = UIStackView(arrangedSubviews: [
            emailField, passwordField, rememberMe, submitButton, biometricButton, forgotPasswordButton, signUpButton,
            appleSignInButton, termsLabel,
        ])
        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }

    @objc private func submit() {
        guard let email = emailField.text, !email.isEmpty, passwordField.text?.isEmpty == false else {
            BannerView(message: String(localized: "Enter your email and password."), accessibilityID: errorBannerID)
                .show(in: view)
            return
        }
        onSignIn?(email)
    }

    @objc private func signInWithBiometrics() {
        let context = LAContext()
        context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: String(localized: "Sign in")) {
            [weak self] success, _ in
            guard success, let email = Keychain.rememberedEmail else { return }
            DispatchQueue.main.async { self?.onSignIn?(email) }
        }
    }

    private var errorBannerID: String { "Login.ErrorBanner" }
}

extension UILabel {
    static func body(_ text: String) -> UILabel {
        let label = UILabel()
        label.text = text
        label.font = .preferredFont(forTextStyle: .body)
        label.adjustsFontForContentSizeCategory = true
        return label
    }
}

/// The login screen in the SwiftUI app.
struct LoginScreen: UIViewControllerRepresentable {
    @EnvironmentObject private var session: Session

    func makeUIViewController(context: Context) -> LoginViewController {
        let controller = LoginViewController()
        controller.onSignIn = { session.signIn(email: $0) }
        return controller
    }

    func updateUIViewController(_ controller: LoginViewController, context: Context) {}
}
