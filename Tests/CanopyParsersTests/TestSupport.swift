import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Files written for one test into a private temporary directory.
enum TemporaryFile {
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "canopy-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, name: String = "report.xml") throws -> String {
        try write(Data(text.utf8), name: name)
    }

    static func write(_ data: Data, name: String = "report.xml") throws -> String {
        let path = try directory() + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// A TCP socket listening on 127.0.0.1 that records whether anything connected.
final class LoopbackListener {
    private let socketDescriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        socketDescriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Whether a connection is waiting to be accepted.
    func receivedConnection() -> Bool {
        let client = accept(socketDescriptor, nil, nil)
        if client >= 0 {
            close(client)
            return true
        }
        return false
    }

    deinit { close(socketDescriptor) }
}
