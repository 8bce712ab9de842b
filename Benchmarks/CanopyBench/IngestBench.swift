/// Benchmark placeholder: the owning module's issue replaces this file.
enum IngestBench {
    static func run(_ kind: String, _ arguments: [String]) throws {
        print("ingest bench: not built yet")
    }
}
