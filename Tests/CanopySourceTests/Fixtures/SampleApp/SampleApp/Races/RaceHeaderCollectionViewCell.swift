import UIKit

final class RaceHeaderCollectionViewCell: UICollectionViewCell, AccessibilityIdentifiable {
    let watchLiveButton = UIButton()
    let titleLabel: UILabel = UILabel()
    private var raceID: String = ""

    override init(frame: CGRect) {
        super.init(frame: frame)
        generateAccessibilityIdentifiers()
    }

    required init?(coder: NSCoder) { nil }
}
