import CanopyModel

extension StoredRun {
    /// How outputs name a baseline run: its commit (else its key), after its branch when that is
    /// not the compared run's own (`main@1a2b3c4d5e6f` for a pull request's baseline).
    func baselineLabel(comparedWithRunOn branch: String?) -> String {
        let name = metadata.commit.map { String($0.prefix(12)) } ?? key
        guard let own = metadata.branch, own != branch else { return name }
        return "\(own)@\(name)"
    }
}
