/// Benchmark placeholder: the owning module's issue replaces this file.
enum AnalysisBench {
    static func run(_ arguments: [String]) throws {
        print("analysis bench: not built yet")
    }
}
