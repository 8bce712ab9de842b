/// Benchmark placeholder: the owning module's issue replaces this file.
enum StoreBench {
    static func run(_ arguments: [String]) throws {
        print("store bench: not built yet")
    }
}
