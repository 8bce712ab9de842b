import UIKit

/// An episode row: title, duration, download state. Its subviews are named by reflection
/// (`EpisodeCell.titleLabel`, …); the row itself is named by the list that shows it.
final class EpisodeCell: UITableViewCell, AccessibilityIdentifiable {
    static let reuseIdentifier = "EpisodeCell"

    let titleLabel = UILabel()
    let durationLabel = UILabel()
    let downloadButton = UIButton(type: .system)
    let progressView = UIProgressView(progressViewStyle: .bar)
    private var episodeID = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        titleLabel.numberOfLines = 2
        durationLabel.font = .preferredFont(forTextStyle: .caption1)
        durationLabel.textColor = .secondaryLabel
        downloadButton.setImage(UIImage(systemName: "arrow.down.circle"), for: .normal)
        downloadButton.accessibilityLabel = String(localized: "Download")
        let text = UIStackView(arrangedSubviews: [titleLabel, durationLabel, progressView])
        text.axis = .vertical
        text.spacing = 4
        let row = UIStackView(arrangedSubviews: [text, downloadButton])
        row.alignment = .center
        row.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(row)
        NSLayoutConstraint.activate([
            row.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            row.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
            row.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
            row.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor),
        ])
        generateAccessibilityIdentifiers()
    }

    required init?(coder: NSCoder) { nil }

    func configure(with episode: Episode) {
        episodeID = episode.id
        titleLabel.text = episode.title
        durationLabel.text = Duration.seconds(episode.duration).formatted(.units(allowed: [.hours, .minutes]))
        progressView.isHidden = episode.isDownloaded
        downloadButton.isHidden = episode.isDownloaded
    }
}
