import Foundation

/// How a kept response is laid out in its file on disk:
///
/// ```
/// 0   "CATENA\0\u{2}"         magic and format version
/// 8   UInt64 checksum           of every byte from offset 16 to the end
/// 16  UInt32 description length
/// 20  UInt64 body length
/// 28  description               key, status, headers, times, varied headers, tags
/// …   body
/// ```
///
/// A file whose length is not the lengths it states is torn (a write stopped half way); one
/// whose checksum differs is damaged. Neither is ever served.
enum EntryFile {
  // Version 2: the values of credential headers a response varies on are digests (files of
  // version 1 may hold them in plain text, and are deleted when the cache opens).
  static let magic: [UInt8] = Array("CATENA".utf8) + [0, 2]
  static let prefixLength = 28

  /// What a file says about its response without its body: enough to find and drop it.
  struct Description {
    var key: HTTPCache.Key
    var varied: [String: String?]
    var tags: Set<String>
  }

  /// Why a file cannot be used.
  enum Damage: Error {
    case torn, damaged
  }

  /// `stored`, kept under `key`, as the bytes of its file.
  static func encode(_ stored: StoredResponse, key: HTTPCache.Key) -> [UInt8] {
    var meta = ByteWriter()
    meta.optional(key.partition)
    meta.string(key.url.absoluteString)
    meta.optional(stored.response.url?.absoluteString)
    meta.uint32(UInt32(clamping: stored.response.status))
    meta.uint64(stored.requestTime.timeIntervalSinceReferenceDate.bitPattern)
    meta.uint64(stored.responseTime.timeIntervalSinceReferenceDate.bitPattern)
    let headers = Array(stored.response.headers)
    meta.uint32(UInt32(headers.count))
    for (name, value) in headers {
      meta.string(name)
      meta.string(value)
    }
    meta.uint32(UInt32(stored.varied.count))
    for (name, value) in stored.varied.sorted(by: { $0.key < $1.key }) {
      meta.string(name)
      meta.optional(value)
    }
    meta.uint32(UInt32(stored.tags.count))
    for tag in stored.tags.sorted() { meta.string(tag) }

    var file = ByteWriter()
    file.bytes.reserveCapacity(prefixLength + meta.bytes.count + stored.response.body.count)
    file.bytes.append(contentsOf: magic)
    file.uint64(0)  // the checksum, below
    file.uint32(UInt32(meta.bytes.count))
    file.uint64(UInt64(stored.response.body.count))
    file.bytes.append(contentsOf: meta.bytes)
    file.bytes.append(contentsOf: stored.response.body)
    let checksum = file.bytes.withUnsafeBytes {
      Checksum.of(UnsafeRawBufferPointer(rebasing: $0[16...]))
    }
    withUnsafeBytes(of: checksum.littleEndian) { file.bytes.replaceSubrange(8..<16, with: $0) }
    return file.bytes
  }

  /// The lengths a file's first ``prefixLength`` bytes state: its description and its body;
  /// nil when they are not an entry's.
  static func lengths(_ prefix: UnsafeRawBufferPointer) -> (description: Int, body: Int)? {
    guard prefix.count >= prefixLength, prefix.prefix(8).elementsEqual(magic) else { return nil }
    let description = UInt32(
      littleEndian: prefix.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
    let body = UInt64(littleEndian: prefix.loadUnaligned(fromByteOffset: 20, as: UInt64.self))
    guard body < UInt64(Int.max / 2) else { return nil }
    return (Int(description), Int(body))
  }

  /// The description in a file's first bytes (its prefix and description), unchecked: the
  /// checksum is checked when the whole file is read.
  static func description(_ head: UnsafeRawBufferPointer) throws(Damage) -> Description {
    guard let (length, _) = lengths(head), head.count >= prefixLength + length else {
      throw .torn
    }
    var reader = ByteReader(
      UnsafeRawBufferPointer(rebasing: head[prefixLength..<(prefixLength + length)]))
    return try reader.description().description
  }

  /// The key and the response a whole file holds, checked against its lengths and checksum.
  static func decode(_ file: UnsafeRawBufferPointer) throws(Damage) -> (
    HTTPCache.Key, StoredResponse
  ) {
    guard let (length, bodyLength) = lengths(file) else { throw .damaged }
    guard file.count == prefixLength + length + bodyLength else { throw .torn }
    let stated = UInt64(littleEndian: file.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    guard Checksum.of(UnsafeRawBufferPointer(rebasing: file[16...])) == stated else {
      throw .damaged
    }
    var reader = ByteReader(
      UnsafeRawBufferPointer(rebasing: file[prefixLength..<(prefixLength + length)]))
    let (description, head) = try reader.description()
    let body = Data(UnsafeRawBufferPointer(rebasing: file[(prefixLength + length)...]))
    let response = HTTPResponse(
      status: head.status, headers: head.headers, body: body, url: head.url)
    var stored = StoredResponse(
      response: response, requestTime: head.requestTime, responseTime: head.responseTime,
      varied: description.varied)
    stored.tags = description.tags
    return (description.key, stored)
  }
}

/// Bytes written little-endian, strings with their length first.
private struct ByteWriter {
  var bytes: [UInt8] = []

  mutating func uint32(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func uint64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func string(_ value: String) {
    uint32(UInt32(value.utf8.count))
    bytes.append(contentsOf: value.utf8)
  }

  mutating func optional(_ value: String?) {
    bytes.append(value == nil ? 0 : 1)
    if let value { string(value) }
  }
}

/// Reads what ``ByteWriter`` wrote, failing on a byte past the end.
private struct ByteReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// The head of a response in a description: what is not its key.
  struct Head {
    var url: URL?
    var status: Int
    var requestTime: Date
    var responseTime: Date
    var headers: HTTPHeaders
  }

  mutating func description() throws(EntryFile.Damage) -> (
    description: EntryFile.Description, head: Head
  ) {
    let partition = try optional()
    guard let url = URL(string: try string()) else { throw .damaged }
    let responseURL = try optional().flatMap(URL.init(string:))
    let status = Int(try uint32())
    let requestTime = Date(timeIntervalSinceReferenceDate: Double(bitPattern: try uint64()))
    let responseTime = Date(timeIntervalSinceReferenceDate: Double(bitPattern: try uint64()))
    var headers = HTTPHeaders()
    for _ in 0..<(try count()) {
      let name = try string()
      let value = try string()
      do { try headers.set(name, value) } catch { throw .damaged }
    }
    var varied: [String: String?] = [:]
    for _ in 0..<(try count()) {
      let name = try string()
      varied[name] = .some(try optional())
    }
    var tags: Set<String> = []
    for _ in 0..<(try count()) { tags.insert(try string()) }
    guard offset == bytes.count else { throw .damaged }
    return (
      EntryFile.Description(
        key: HTTPCache.Key(partition: partition, url: url), varied: varied, tags: tags),
      Head(
        url: responseURL, status: status, requestTime: requestTime, responseTime: responseTime,
        headers: headers)
    )
  }

  mutating func uint32() throws(EntryFile.Damage) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw .torn }
    defer { offset += 4 }
    return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  mutating func uint64() throws(EntryFile.Damage) -> UInt64 {
    guard offset + 8 <= bytes.count else { throw .torn }
    defer { offset += 8 }
    return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// A count of items, each at least one byte: never more than the bytes left.
  mutating func count() throws(EntryFile.Damage) -> Int {
    let count = Int(try uint32())
    guard count <= bytes.count - offset else { throw .damaged }
    return count
  }

  mutating func string() throws(EntryFile.Damage) -> String {
    let length = Int(try uint32())
    guard length <= bytes.count - offset else { throw .torn }
    defer { offset += length }
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
  }

  mutating func optional() throws(EntryFile.Damage) -> String? {
    guard offset < bytes.count else { throw .torn }
    let flag = bytes[offset]
    offset += 1
    switch flag {
    case 0: return nil
    case 1: return try string()
    default: throw .damaged
    }
  }
}
