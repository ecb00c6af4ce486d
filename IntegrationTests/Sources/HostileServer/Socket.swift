// The hostile server speaks raw sockets through Glibc: it runs where CI runs, on Linux.
#if canImport(Glibc)
  import Glibc

  /// A connected TCP socket, written to with blocking calls; a peer that went away makes writes
  /// fail instead of raising SIGPIPE.
  struct Connection {
    let descriptor: Int32

    /// Reads the request head (up to the blank line), at most 64 KiB; nil when the peer closed.
    func readHead() -> String? {
      var head: [UInt8] = []
      var byte: UInt8 = 0
      while head.count < 65_536 {
        guard recv(descriptor, &byte, 1, 0) == 1 else { return nil }
        head.append(byte)
        if head.count >= 4, head.suffix(4) == [13, 10, 13, 10] {
          return String(decoding: head, as: UTF8.self)
        }
      }
      return nil
    }

    /// Writes all of `bytes`; false when the peer is gone.
    @discardableResult
    func write(_ bytes: some Collection<UInt8>) -> Bool {
      let bytes = Array(bytes)
      var sent = 0
      while sent < bytes.count {
        let count = bytes[sent...].withUnsafeBytes { raw in
          send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
        }
        guard count > 0 else { return false }
        sent += count
      }
      return true
    }

    @discardableResult
    func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    /// Waits until the peer closes (or the server stops).
    func drain() {
      var buffer = [UInt8](repeating: 0, count: 4_096)
      while recv(descriptor, &buffer, buffer.count, 0) > 0 {}
    }

    /// Closes with a TCP reset instead of an orderly close.
    func reset() {
      var option = linger(l_onoff: 1, l_linger: 0)
      setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
      Glibc.close(descriptor)
    }

    func close() { Glibc.close(descriptor) }
  }

  /// A listening TCP socket on 127.0.0.1 and a free port.
  struct Listener {
    let descriptor: Int32
    let port: Int

    init() throws(ServerError) {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard descriptor >= 0 else { throw ServerError("socket() failed: errno \(errno)") }
      var one: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = 0
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0, listen(descriptor, 128) == 0 else {
        Glibc.close(descriptor)
        throw ServerError("bind/listen failed: errno \(errno)")
      }
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor, $0, &length)
        }
      }
      self.descriptor = descriptor
      port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// The next connection, or nil once the listener is shut down.
    func accept() -> Connection? {
      let client = Glibc.accept(descriptor, nil, nil)
      return client >= 0 ? Connection(descriptor: client) : nil
    }

    /// Makes `accept` return nil, now and from then on.
    func shutDown() {
      Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
      Glibc.close(descriptor)
    }
  }

  /// The server could not start.
  public struct ServerError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String
    init(_ description: String) { self.description = description }
  }
#endif
