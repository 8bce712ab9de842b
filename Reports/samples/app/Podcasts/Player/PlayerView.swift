import AVKit
import SwiftUI

/// The full-screen player: scrubber, transport, speed, AirPlay, sleep timer and chapters.
struct PlayerView: View {
    @EnvironmentObject private var player: PlaybackController
    @State private var showsChapters = false

    var body: some View {
        VStack(spacing: 24) {
            Text(player.nowPlaying?.title ?? "").font(.title3.bold()).multilineTextAlignment(.center)

            Slider(
                value: $player.position, in: 0...(player.nowPlaying?.duration ?? 1),
                onEditingChanged: { editing in if !editing { player.seek(to: player.position) } }
            )
            .accessibilityLabel("Position")
            .accessibilityIdentifier(AccessibilityID.Player.scrubber)

            HStack(spacing: 40) {
                Button { player.skip(by: -15) } label: { Image(systemName: "gobackward.15") }
                    .accessibilityLabel("Skip back 15 seconds")
                    .accessibilityIdentifier(AccessibilityID.Player.skipBack)
                Button { player.togglePlayPause() } label: {
                    Image(systemName: player.isPlaying ? "pause.fill" : "play.fill").font(.largeTitle)
                }
                .accessibilityLabel(player.isPlaying ? "Pause" : "Play")
                .accessibilityIdentifier(AccessibilityID.Player.playPause)
                Button { player.skip(by: 30) } label: { Image(systemName: "goforward.30") }
                    .accessibilityLabel("Skip 30 seconds")
                    .accessibilityIdentifier(AccessibilityID.Player.skipForward)
            }

            HStack {
                Menu {
                    ForEach(PlaybackController.rates, id: \.self) { rate in
                        Button("\(rate, specifier: "%.1f")×") { player.rate = rate }
                    }
                } label: {
                    Text("\(player.rate, specifier: "%.1f")×")
                }
                .accessibilityLabel("Speed")
                .accessibilityIdentifier(AccessibilityID.Player.speed)
                Spacer()
                Menu {
                    ForEach([15, 30, 60], id: \.self) { minutes in
                        Button("\(minutes) minutes") { player.sleepTimer = .seconds(minutes * 60) }
                    }
                } label: {
                    Image(systemName: "moon.zzz")
                }
                .accessibilityLabel("Sleep Timer")
                .accessibilityIdentifier(AccessibilityID.Player.sleepTimer)
                Spacer()
                Button { showsChapters = true } label: { Image(systemName: "list.bullet") }
                    .accessibilityLabel("Chapters")
                    .accessibilityIdentifier(AccessibilityID.Player.chapters)
                Spacer()
                AirPlayButton()
                    .frame(width: 44, height: 44)
                    .accessibilityLabel("AirPlay")
                    .accessibilityIdentifier(AccessibilityID.Player.airPlay)
            }
        }
        .padding()
        .accessibilityIdentifier(AccessibilityID.Player.root)
        .sheet(isPresented: $showsChapters) { Text("Chapters") }
    }
}

private struct AirPlayButton: UIViewRepresentable {
    func makeUIView(context: Context) -> AVRoutePickerView { AVRoutePickerView() }
    func updateUIView(_ view: AVRoutePickerView, context: Context) {}
}
