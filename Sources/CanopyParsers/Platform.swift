#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The C library calls of this module that differ between platforms or that a Swift method of the
/// same name would shadow. The only file of the module that names a platform module.
enum Platform {
    /// `read(2)`: fills at most `count` bytes of `buffer` from `descriptor`; the number read, 0 at
    /// the end of the file, -1 with `errno` set on failure.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.read(descriptor, buffer, count)
        #elseif canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Musl.read(descriptor, buffer, count)
        #endif
    }

    /// The paths `glob(3)` matches for `pattern` (no flags: `*` and `?` stop at `/`, hidden names
    /// need a leading `.` in the pattern), sorted; empty when nothing matches or on error.
    static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        #if canImport(Darwin)
            let status = Darwin.glob(pattern, 0, nil, &result)
        #elseif canImport(Glibc)
            let status = Glibc.glob(pattern, 0, nil, &result)
        #else
            let status = Musl.glob(pattern, 0, nil, &result)
        #endif
        guard status == 0, let paths = result.gl_pathv else { return [] }
        var matches: [String] = []
        for index in 0..<Int(result.gl_pathc) {
            if let path = paths[index] { matches.append(String(cString: path)) }
        }
        return matches.sorted()
    }
}
