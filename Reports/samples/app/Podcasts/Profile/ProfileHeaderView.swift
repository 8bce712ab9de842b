import UIKit

/// The profile's header: avatar, name, listening stats. Subviews are named by reflection
/// (`ProfileHeaderView.avatarView`, `ProfileHeaderView.editNameButton`, …).
final class ProfileHeaderView: UIView, AccessibilityIdentifiable {
    let avatarView = UIImageView(image: UIImage(systemName: "person.crop.circle.fill"))
    let nameLabel = UILabel()
    let editNameButton = UIButton(configuration: .plain())
    let statsLabel: UILabel = {
        let label = UILabel()
        label.font = .preferredFont(forTextStyle: .footnote)
        label.textColor = .secondaryLabel
        return label
    }()
    private let listeningTime: Duration

    init(name: String, listeningTime: Duration) {
        self.listeningTime = listeningTime
        super.init(frame: .zero)
        avatarView.layer.cornerRadius = 36
        avatarView.clipsToBounds = true
        nameLabel.text = name
        nameLabel.font = .preferredFont(forTextStyle: .title2)
        editNameButton.setTitle(String(localized: "Edit"), for: .normal)
        statsLabel.text = listeningTime.formatted(.units(allowed: [.hours], width: .wide))

        let name = UIStackView(arrangedSubviews: [nameLabel, editNameButton])
        let stack = UIStackView(arrangedSubviews: [avatarView, name, statsLabel])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            avatarView.widthAnchor.constraint(equalToConstant: 72),
            avatarView.heightAnchor.constraint(equalToConstant: 72),
            stack.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
            stack.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
            stack.centerXAnchor.constraint(equalTo: centerXAnchor),
        ])
        generateAccessibilityIdentifiers()
    }

    required init?(coder: NSCoder) { nil }
}
