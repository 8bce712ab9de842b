import SwiftUI
import UIKit

/// Settings: appearance, playback, downloads, storage, about, sign out. A static table whose
/// cells are built once; identifiers come from `AccessibilityID.Settings`.
final class SettingsViewController: UITableViewController {
    var onSignOut: (() -> Void)?

    private let darkModeSwitch = UISwitch()
    private let notificationsSwitch = UISwitch()
    private let cellularSwitch = UISwitch()
    private let autoDeleteSwitch = UISwitch()
    private var sections: [[UITableViewCell]] = []

    private let defaults = UserDefaults.standard

    init() { super.init(style: .insetGrouped) }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = String(localized: "Settings")
        tableView.accessibilityIdentifier = AccessibilityID.Settings.root

        let darkMode = toggleCell(String(localized: "Dark Mode"), darkModeSwitch, key: "darkMode")
        darkModeSwitch.accessibilityIdentifier = AccessibilityID.Settings.darkMode
        darkModeSwitch.addTarget(self, action: #selector(appearanceChanged), for: .valueChanged)
        let appearance = valueCell(String(localized: "Appearance"), value: appearanceName)
        appearance.detailTextLabel?.accessibilityIdentifier = AccessibilityID.Settings.appearance

        let notifications = toggleCell(String(localized: "Notifications"), notificationsSwitch, key: "notifications")
        notificationsSwitch.accessibilityIdentifier = AccessibilityID.Settings.notifications

        let speed = valueCell(String(localized: "Playback Speed"), value: "\(defaults.double(forKey: "rate"))×")
        speed.accessibilityIdentifier = AccessibilityID.Settings.playbackSpeed
        let skip = valueCell(String(localized: "Skip Forward"), value: String(localized: "30 seconds"))
        skip.accessibilityIdentifier = AccessibilityID.Settings.skipForwardInterval

        let cellular = toggleCell(String(localized: "Download over Cellular"), cellularSwitch, key: "cellular")
        cellularSwitch.accessibilityIdentifier = AccessibilityID.Settings.downloadOverCellular
        let autoDelete = toggleCell(String(localized: "Delete Played Episodes"), autoDeleteSwitch, key: "autoDelete")
        autoDeleteSwitch.accessibilityIdentifier = AccessibilityID.Settings.autoDelete

        let storage = valueCell(String(localized: "Storage"), value: usedStorage)
        storage.accessibilityIdentifier = AccessibilityID.Settings.storage
        let clearCache = actionCell(String(localized: "Clear Cache"), style: .destructive)
        clearCache.accessibilityIdentifier = AccessibilityID.Settings.clearCache

        let privacy = actionCell(String(localized: "Privacy Policy"))
        privacy.accessibilityIdentifier = AccessibilityID.Settings.privacy
        let help = actionCell(String(localized: "Help & Feedback"))
        help.accessibilityIdentifier = AccessibilityID.Settings.help
        let version = valueCell(String(localized: "Version"), value: Bundle.main.shortVersion)
        version.accessibilityIdentifier = AccessibilityID.Settings.version

        let signOut = actionCell(String(localized: "Sign Out"), style: .destructive)
        signOut.accessibilityIdentifier = AccessibilityID.Settings.signOut

        sections = [
            [darkMode, appearance, notifications], [speed, skip], [cellular, autoDelete, storage, clearCache],
            [privacy, help, version], [signOut],
        ]
    }

    override func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        sections[indexPath.section][indexPath.row]
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        if sections[indexPath.section][indexPath.row].accessibilityIdentifier == AccessibilityID.Settings.signOut {
            onSignOut?()
        }
    }

    private var appearanceName: String {
        darkModeSwitch.isOn ? String(localized: "Dark") : String(localized: "Light")
    }

    private var usedStorage: String {
        let bytes = (try? FileManager.default.allocatedSize(of: .cachesDirectory)) ?? 0
        return ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
    }

    @objc private func appearanceChanged() {
        defaults.set(darkModeSwitch.isOn, forKey: "darkMode")
        view.window?.overrideUserInterfaceStyle = darkModeSwitch.isOn ? .dark : .light
        sections[0][1].detailTextLabel?.text = appearanceName
    }

    private func toggleCell(_ title: String, _ toggle: UISwitch, key: String) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = title
        cell.selectionStyle = .none
        toggle.isOn = defaults.bool(forKey: key)
        cell.accessoryView = toggle
        return cell
    }

    private func valueCell(_ title: String, value: String) -> UITableViewCell {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.textLabel?.text = title
        cell.detailTextLabel?.text = value
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    private func actionCell(_ title: String, style: UIAlertAction.Style = .default) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = title
        cell.textLabel?.textColor = style == .destructive ? .systemRed : .tintColor
        return cell
    }
}

extension Bundle {
    var shortVersion: String { infoDictionary?["CFBundleShortVersionString"] as? String ?? "—" }
}

extension FileManager {
    func allocatedSize(of directory: SearchPathDirectory) throws -> Int64 {
        guard let url = urls(for: directory, in: .userDomainMask).first else { return 0 }
        let keys: Set<URLResourceKey> = [.totalFileAllocatedSizeKey]
        let files = enumerator(at: url, includingPropertiesForKeys: Array(keys))?.compactMap { $0 as? URL } ?? []
        return try files.reduce(0) { $0 + Int64(try $1.resourceValues(forKeys: keys).totalFileAllocatedSize ?? 0) }
    }
}

struct SettingsScreen: UIViewControllerRepresentable {
    @EnvironmentObject private var session: Session

    func makeUIViewController(context: Context) -> UINavigationController {
        let settings = SettingsViewController()
        settings.onSignOut = { session.signOut() }
        let navigation = UINavigationController(rootViewController: settings)
        navigation.tabBarItem = UITabBarItem(title: String(localized: "Settings"), image: UIImage(systemName: "gear"), tag: 3)
        return navigation
    }

    func updateUIViewController(_ controller: UINavigationController, context: Context) {}
}
