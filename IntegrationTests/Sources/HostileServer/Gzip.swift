import CZlib
import Foundation

/// gzip, from the system's zlib: the hostile server's compressed bodies.
public enum Gzip {
  /// `count` zero bytes, gzip-compressed at the best ratio (1 GiB gives about 1 MB).
  static func zeros(_ count: Int) -> Data {
    let chunk = [UInt8](repeating: 0, count: 1 << 20)
    return compress(
      chunks: count / chunk.count, of: chunk, tail: Array(chunk.prefix(count % chunk.count)))
  }

  /// `data`, gzip-compressed.
  public static func compress(_ data: Data) -> Data {
    compress(chunks: 0, of: [], tail: Array(data))
  }

  private static func compress(chunks: Int, of chunk: [UInt8], tail: [UInt8]) -> Data {
    var stream = z_stream()
    // 31 = a 15-bit window with a gzip header and trailer.
    let status = deflateInit2_(
      &stream, 9, Z_DEFLATED, 31, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    precondition(status == Z_OK, "deflateInit2 failed: \(status)")
    defer { deflateEnd(&stream) }
    var output = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    func feed(_ input: [UInt8], flush: Int32) {
      var input = input
      input.withUnsafeMutableBufferPointer { bytes in
        stream.next_in = bytes.baseAddress
        stream.avail_in = UInt32(bytes.count)
        var result = Z_OK
        repeat {
          buffer.withUnsafeMutableBufferPointer { out in
            guard let start = out.baseAddress else { return }
            stream.next_out = start
            stream.avail_out = UInt32(out.count)
            result = deflate(&stream, flush)
            output.append(start, count: out.count - Int(stream.avail_out))
          }
        } while flush == Z_FINISH ? result == Z_OK : stream.avail_out == 0
      }
    }
    for _ in 0..<chunks { feed(chunk, flush: Z_NO_FLUSH) }
    feed(tail, flush: Z_FINISH)
    return output
  }
}
