import SwiftUI
import UIKit

/// A podcast's page: header with subscribe, download and share, then its episodes.
final class PodcastDetailViewController: UITableViewController {
    private var podcast: Podcast
    private let backButton = UIButton(configuration: .plain())
    private let subscribeButton = UIButton(configuration: .filled())
    private let downloadButton = UIButton(configuration: .tinted())
    private let shareButton = UIButton(configuration: .plain())
    private let moreButton = UIButton(configuration: .plain())
    private let summaryLabel = UILabel()

    init(podcast: Podcast) {
        self.podcast = podcast
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = podcast.title
        view.accessibilityIdentifier = "Podcast.Root"
        tableView.register(EpisodeCell.self, forCellReuseIdentifier: EpisodeCell.reuseIdentifier)

        backButton.setImage(UIImage(systemName: "chevron.backward"), for: .normal)
        backButton.accessibilityLabel = String(localized: "Back")
        backButton.addAction(UIAction { [weak self] _ in self?.navigationController?.popViewController(animated: true) }, for: .primaryActionTriggered)
        backButton.accessibilityIdentifier = "Podcast.Back"
        navigationItem.leftBarButtonItem = UIBarButtonItem(customView: backButton)

        subscribeButton.addTarget(self, action: #selector(toggleSubscription), for: .primaryActionTriggered)
        subscribeButton.accessibilityIdentifier = "Podcast.Subscribe"
        downloadButton.setTitle(String(localized: "Download"), for: .normal)
        downloadButton.accessibilityIdentifier = "Podcast.Download"
        shareButton.setImage(UIImage(systemName: "square.and.arrow.up"), for: .normal)
        shareButton.accessibilityLabel = String(localized: "Share")
        shareButton.addTarget(self, action: #selector(share), for: .primaryActionTriggered)
        shareButton.accessibilityIdentifier = "Podcast-\(podcast.id)-share"
        moreButton.setImage(UIImage(systemName: "ellipsis.circle"), for: .normal)
        moreButton.accessibilityLabel = String(localized: "More")
        moreButton.showsMenuAsPrimaryAction = true
        moreButton.accessibilityIdentifier = "Podcast.MoreMenu"
        summaryLabel.text = podcast.summary
        summaryLabel.numberOfLines = 4
        summaryLabel.accessibilityIdentifier = "Podcast.Description"

        let actions = UIStackView(arrangedSubviews: [subscribeButton, downloadButton, shareButton, moreButton])
        actions.spacing = 8
        let header = UIStackView(arrangedSubviews: [actions, summaryLabel])
        header.axis = .vertical
        header.spacing = 12
        header.frame.size.height = 160
        tableView.tableHeaderView = header
        updateSubscribeTitle()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        podcast.episodes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: EpisodeCell.reuseIdentifier, for: indexPath)
        (cell as? EpisodeCell)?.configure(with: podcast.episodes[indexPath.row])
        cell.accessibilityIdentifier = "Podcast.Episode.\(indexPath.row)"
        return cell
    }

    @objc private func toggleSubscription() {
        podcast.isSubscribed.toggle()
        updateSubscribeTitle()
    }

    @objc private func share() {
        let url = URL(string: "https://podcasts.example.com/p/\(podcast.id)")!
        let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
        sheet.popoverPresentationController?.sourceView = shareButton
        present(sheet, animated: true)
    }

    private func updateSubscribeTitle() {
        let title = podcast.isSubscribed ? String(localized: "Unsubscribe") : String(localized: "Subscribe")
        subscribeButton.setTitle(title, for: .normal)
    }
}

struct PodcastDetailScreen: UIViewControllerRepresentable {
    let podcast: Podcast

    func makeUIViewController(context: Context) -> PodcastDetailViewController {
        PodcastDetailViewController(podcast: podcast)
    }

    func updateUIViewController(_ controller: PodcastDetailViewController, context: Context) {}
}
