import SwiftUI
import UIKit

/// The bar above the tab bar while an episode plays; tapping it opens the full player.
final class MiniPlayerView: UIView {
    var onOpen: (() -> Void)?
    var onPlayPause: (() -> Void)?
    var onClose: (() -> Void)?

    private let titleLabel = UILabel()
    private let playPauseButton = UIButton(type: .system)
    private let closeButton = UIButton(type: .close)

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        accessibilityIdentifier = "Player.MiniPlayer"

        titleLabel.font = .preferredFont(forTextStyle: .subheadline)
        titleLabel.accessibilityIdentifier = "Player.MiniPlayer.Title"
        playPauseButton.setImage(UIImage(systemName: "play.fill"), for: .normal)
        playPauseButton.addAction(UIAction { [weak self] _ in self?.onPlayPause?() }, for: .primaryActionTriggered)
        playPauseButton.accessibilityIdentifier = "Player.MiniPlayer.PlayPause"
        // 28 points: the accessibility audit's hit-region finding until the 44-point frame below.
        closeButton.addAction(UIAction { [weak self] _ in self?.onClose?() }, for: .primaryActionTriggered)
        closeButton.accessibilityLabel = String(localized: "Close")
        closeButton.accessibilityIdentifier = "Player.MiniPlayer.Close"

        let row = UIStackView(arrangedSubviews: [titleLabel, playPauseButton, closeButton])
        row.spacing = 12
        row.alignment = .center
        row.translatesAutoresizingMaskIntoConstraints = false
        addSubview(row)
        NSLayoutConstraint.activate([
            row.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            row.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            row.centerYAnchor.constraint(equalTo: centerYAnchor),
            closeButton.widthAnchor.constraint(greaterThanOrEqualToConstant: 44),
            closeButton.heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
            heightAnchor.constraint(equalToConstant: 64),
        ])
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(open)))
    }

    required init?(coder: NSCoder) { nil }

    func update(title: String?, isPlaying: Bool) {
        titleLabel.text = title
        playPauseButton.setImage(UIImage(systemName: isPlaying ? "pause.fill" : "play.fill"), for: .normal)
    }

    @objc private func open() { onOpen?() }
}

struct MiniPlayerRepresentable: UIViewRepresentable {
    @EnvironmentObject private var player: PlaybackController

    func makeUIView(context: Context) -> MiniPlayerView {
        let view = MiniPlayerView()
        view.onPlayPause = { player.togglePlayPause() }
        view.onClose = { player.stop() }
        return view
    }

    func updateUIView(_ view: MiniPlayerView, context: Context) {
        view.update(title: player.nowPlaying?.title, isPlaying: player.isPlaying)
    }
}
