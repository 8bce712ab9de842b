/// Benchmark placeholder: the owning module's issue replaces this file.
enum PipelineBench {
    static func run(_ arguments: [String]) throws {
        print("pipeline bench: not built yet")
    }
}
