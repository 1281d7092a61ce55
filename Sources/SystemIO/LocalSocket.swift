import CSystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Unix-domain stream sockets on a path, for `--broadcast` and `--follow`: every descriptor is
/// close-on-exec and non-blocking, and writes never raise SIGPIPE (a follower that left is an
/// error return, not a signal).
package enum LocalSocket {
    /// Why a socket could not be made, listened on or reached: one line naming the path.
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// Listens on `path` with room for `backlog` waiting connections, anyone on the machine may
    /// connect (mode 0666: followers often run as another account, and only read). A socket
    /// already there is taken over only when nothing answers on it (left by a process that
    /// died); anything else at `path` is not ours, and is refused.
    package static func listen(at path: String, backlog: Int32 = 64) throws(Failure) -> Int32 {
        if let kind = FileKind.of(path) {
            guard kind == .socket else { throw Failure(description: "\(path) exists and is not a socket; not replaced") }
            if let live = try? connect(to: path) {
                SystemCall.close(live)
                throw Failure(description: "\(path): another broadcast is listening there")
            }
            _ = unlink(path)
        }
        let descriptor = try stream(for: path)
        let bound = withAddress(path) { address, size in bind(descriptor, address, size) }
        guard bound == 0, Glibc.listen(descriptor, backlog) == 0 else {
            let reason = FileDescriptorIO.message(errno)
            SystemCall.close(descriptor)
            throw Failure(description: "cannot listen on \(path): \(reason)")
        }
        _ = chmod(path, 0o666)
        return descriptor
    }

    /// Connects to the socket listening at `path`.
    package static func connect(to path: String) throws(Failure) -> Int32 {
        if let kind = FileKind.following(path), kind != .socket {
            throw Failure(description: "cannot reach \(path): it is \(kind.phrase), not a broadcast's socket")
        }
        let descriptor = try stream(for: path)
        let connected = withAddress(path) { address, size in SystemCall.retrying { Glibc.connect(descriptor, address, size) } }
        guard connected == 0 else {
            let reason = errno == ECONNREFUSED ? "nothing is broadcasting there" : FileDescriptorIO.message(errno)
            SystemCall.close(descriptor)
            throw Failure(description: "cannot reach \(path): \(reason)")
        }
        SystemCall.prepare(descriptor, nonBlocking: true)
        return descriptor
    }

    /// The next connection waiting on `listening`, non-blocking; nil when none is.
    package static func accept(_ listening: Int32) -> Int32? {
        let descriptor = SystemCall.retrying { sw_accept_cloexec_nonblocking(listening) }
        return descriptor >= 0 ? descriptor : nil
    }

    /// Sends what of `bytes` the socket takes now, without waiting and without SIGPIPE: the
    /// count sent (0 when its buffer is full), or nil when the other end is gone.
    package static func send(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
        let sent = bytes.withUnsafeBytes { buffer in
            SystemCall.retrying { Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
        }
        if sent >= 0 { return sent }
        return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
    }

    private static func stream(for path: String) throws(Failure) -> Int32 {
        guard path.utf8.count < MemoryLayout<sockaddr_un>.size - MemoryLayout<sa_family_t>.size else {
            throw Failure(description: "\(path): a socket's path must be shorter than 108 bytes")
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "cannot make a socket: \(FileDescriptorIO.message(errno))") }
        return descriptor
    }

    private static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8) + [0])
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
