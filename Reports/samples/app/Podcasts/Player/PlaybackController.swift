import AVFoundation
import Combine

/// The one player of the app: what plays, where it is, how fast.
@MainActor
final class PlaybackController: ObservableObject {
    @Published private(set) var nowPlaying: Episode?
    @Published private(set) var isPlaying = false
    @Published var position: TimeInterval = 0
    @Published var rate: Float = 1
    @Published var sleepTimer: Duration?

    static let rates: [Float] = [0.8, 1, 1.2, 1.5, 2]

    private let player = AVPlayer()
    private var observer: Any?

    init() {
        observer = player.addPeriodicTimeObserver(forInterval: CMTime(seconds: 0.5, preferredTimescale: 600), queue: .main) {
            [weak self] time in
            MainActor.assumeIsolated { self?.position = time.seconds }
        }
    }

    func play(_ episode: Episode, from url: URL) {
        nowPlaying = episode
        player.replaceCurrentItem(with: AVPlayerItem(url: url))
        player.playImmediately(atRate: rate)
        isPlaying = true
    }

    func togglePlayPause() {
        if isPlaying { player.pause() } else { player.playImmediately(atRate: rate) }
        isPlaying.toggle()
    }

    func seek(to seconds: TimeInterval) {
        player.seek(to: CMTime(seconds: seconds, preferredTimescale: 600))
    }

    func skip(by seconds: TimeInterval) { seek(to: max(0, position + seconds)) }

    func stop() {
        player.pause()
        nowPlaying = nil
        isPlaying = false
    }
}
