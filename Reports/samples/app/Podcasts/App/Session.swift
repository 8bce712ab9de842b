import Foundation
import Security

/// Who is signed in, and the podcasts they follow.
@MainActor
final class Session: ObservableObject {
    @Published private(set) var email: String?
    @Published var subscriptions: [Podcast] = []
    @Published var isOffline = false

    var isSignedIn: Bool { email != nil }

    init() {
        // UI tests launch with `-uiTesting` and sign in through the login screen every time.
        if !ProcessInfo.processInfo.arguments.contains("-uiTesting") {
            email = Keychain.rememberedEmail
        }
    }

    func signIn(email: String) { self.email = email }

    func signOut() {
        email = nil
        subscriptions = []
    }

    func refreshFeed() async throws {
        subscriptions = try await CatalogClient.shared.subscriptions()
    }
}

enum Keychain {
    static var rememberedEmail: String? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "podcasts.login",
            kSecReturnAttributes as String: true,
        ]
        var item: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess,
            let attributes = item as? [String: Any]
        else { return nil }
        return attributes[kSecAttrAccount as String] as? String
    }
}

/// The podcast catalog's HTTP API.
final class CatalogClient: Sendable {
    static let shared = CatalogClient(base: URL(string: "https://api.podcasts.example.com/v2")!)
    let base: URL

    init(base: URL) { self.base = base }

    func subscriptions() async throws -> [Podcast] {
        try await get("me/subscriptions")
    }

    func search(_ text: String, filters: [SearchFilter]) async throws -> [Podcast] {
        let ids = filters.filter(\.isSelected).map { String($0.id) }.joined(separator: ",")
        return try await get("search?q=\(text)&filters=\(ids)")
    }

    private func get<T: Decodable>(_ path: String) async throws -> T {
        let (data, _) = try await URLSession.shared.data(from: base.appending(path: path))
        return try JSONDecoder().decode(T.self, from: data)
    }
}
