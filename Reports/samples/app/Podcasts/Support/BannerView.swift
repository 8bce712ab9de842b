import UIKit

/// A transient banner pinned under the navigation bar (offline, download finished, errors).
///
/// The caller names the banner: its identifier is whatever the presenting screen passes, so the
/// source index records the assignment below as unresolved rather than guess a value.
final class BannerView: UIView {
    private let messageLabel = UILabel()

    init(message: String, accessibilityID: String) {
        super.init(frame: .zero)
        backgroundColor = .secondarySystemBackground
        layer.cornerRadius = 12
        messageLabel.text = message
        messageLabel.font = .preferredFont(forTextStyle: .subheadline)
        messageLabel.adjustsFontForContentSizeCategory = true
        messageLabel.numberOfLines = 0
        messageLabel.translatesAutoresizingMaskIntoConstraints = false
        addSubview(messageLabel)
        NSLayoutConstraint.activate([
            messageLabel.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            messageLabel.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            messageLabel.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
            messageLabel.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
        ])
        accessibilityIdentifier = accessibilityID
        isAccessibilityElement = true
        accessibilityLabel = message
    }

    required init?(coder: NSCoder) { nil }

    func show(in host: UIView, for duration: TimeInterval = 3) {
        translatesAutoresizingMaskIntoConstraints = false
        host.addSubview(self)
        NSLayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: host.layoutMarginsGuide.leadingAnchor),
            trailingAnchor.constraint(equalTo: host.layoutMarginsGuide.trailingAnchor),
            topAnchor.constraint(equalTo: host.safeAreaLayoutGuide.topAnchor, constant: 8),
        ])
        UIAccessibility.post(notification: .announcement, argument: accessibilityLabel)
        DispatchQueue.main.asyncAfter(deadline: .now() + duration) { [weak self] in self?.removeFromSuperview() }
    }
}
