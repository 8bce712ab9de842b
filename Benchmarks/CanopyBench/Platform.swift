#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library calls of the benchmarks that differ between platforms. The only file of the
/// target that names a platform module.
enum Platform {
    /// Peak resident set size of this process in MiB (`getrusage`'s `ru_maxrss`: bytes on Darwin,
    /// KiB on Linux).
    static func peakResidentMegabytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        _ = getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss / (1024 * 1024)
        #elseif canImport(Glibc)
        _ = getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
        #else
        _ = getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss / 1024
        #endif
    }
}
