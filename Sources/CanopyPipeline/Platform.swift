#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library calls of this module that differ between platforms or that a Swift function of
/// the same name would shadow. The only file of the module that names a platform module.
enum Platform {
    /// `write(2)`: writes at most `count` bytes of `bytes` to `descriptor`; the number written, or
    /// -1 with `errno` set.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(descriptor, bytes, count)
        #elseif canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Musl.write(descriptor, bytes, count)
        #endif
    }
}
