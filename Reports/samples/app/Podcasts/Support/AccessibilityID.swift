/// The app's accessibility identifiers, one nested enum per screen.
///
/// The UI tests spell the same strings in their own `Locator` enums: renaming a constant here
/// breaks them, which is the point. Identifiers read `<Screen>.<Element>`; rows that repeat
/// compose theirs from the model (`Podcast-\(podcast.id)-row`) where they are declared.
enum AccessibilityID {
    enum Player {
        static let root = "Player.Root"
        static let playPause = "Player.PlayPause"
        static let scrubber = "Player.Scrubber"
        static let skipBack = "Player.SkipBack"
        static let skipForward = "Player.SkipForward"
        static let speed = "Player.Speed"
        static let airPlay = "Player.AirPlay"
        static let sleepTimer = "Player.SleepTimer"
        static let chapters = "Player.Chapters"
    }

    enum Settings {
        static let root = "Settings.Root"
        static let darkMode = "Settings.DarkMode"
        static let appearance = "Settings.Appearance"
        static let notifications = "Settings.Notifications"
        static let playbackSpeed = "Settings.PlaybackSpeed"
        static let skipForwardInterval = "Settings.SkipForwardInterval"
        static let downloadOverCellular = "Settings.DownloadOverCellular"
        static let autoDelete = "Settings.AutoDelete"
        static let storage = "Settings.Storage"
        static let clearCache = "Settings.ClearCache"
        static let privacy = "Settings.Privacy"
        static let help = "Settings.Help"
        static let version = "Settings.Version"
        static let signOut = "Settings.SignOut"
    }

    enum Checkout {
        static let root = "Checkout.Root"
        static let planPicker = "Checkout.PlanPicker"
        static let restorePurchases = "Checkout.RestorePurchases"

        enum PaymentSheet {
            static let root = "Checkout.PaymentSheet.Root"
            static let payButton = "Checkout.PaymentSheet.PayButton"
            static let applePayButton = "Checkout.PaymentSheet.ApplePay"
            static let coupon = "Checkout.PaymentSheet.Coupon"
            static let applyCoupon = "Checkout.PaymentSheet.ApplyCoupon"
            static let total = "Checkout.PaymentSheet.Total"
            static let close = "Checkout.PaymentSheet.Close"
        }
    }
}

extension AccessibilityID.Checkout {
    static let terms = "Checkout.Terms"
}
