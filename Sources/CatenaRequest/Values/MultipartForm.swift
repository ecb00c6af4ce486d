public import Foundation

/// A `multipart/form-data` body, encoded by Catena in memory (never through `InputStream`,
/// whose `streamError` traps on Linux).
///
/// ```swift
/// var form = MultipartForm()
/// form.append("Sea view", name: "title")
/// form.append(photo, name: "photo", filename: "sea.jpg", contentType: "image/jpeg")
/// Post("houses").body(.multipart(form))
/// ```
public struct MultipartForm: Hashable, Sendable {
  /// One part of the form.
  package struct Part: Hashable, Sendable {
    /// The field name.
    package var name: String
    /// The file name, for file parts.
    package var filename: String?
    /// The part's content type, if any.
    package var contentType: String?
    /// The part's bytes (empty for a part read from ``file``).
    package var data: Data
    /// The file whose bytes the part sends, read from disk as the form is sent.
    package var file: URL?
  }

  /// The boundary between parts.
  package let boundary: String
  /// The parts, in order.
  package private(set) var parts: [Part] = []

  /// An empty form whose parts are separated by `boundary`: a random one unless given (give
  /// one for reproducible bodies in tests).
  public init(boundary: String = "catena-" + UUID().uuidString) {
    self.boundary = boundary
  }

  /// Appends a text field.
  public mutating func append(_ value: String, name: String) {
    parts.append(Part(name: name, filename: nil, contentType: nil, data: Data(value.utf8)))
  }

  /// Appends a file field.
  public mutating func append(
    _ data: Data, name: String, filename: String, contentType: String = "application/octet-stream"
  ) {
    parts.append(Part(name: name, filename: filename, contentType: contentType, data: data))
  }

  /// Appends a file field whose bytes are read from disk as the form is sent, so a form with
  /// a large file stays small in memory.
  ///
  /// ```swift
  /// form.append(file: movieURL, name: "video", contentType: "video/mp4")
  /// ```
  public mutating func append(
    file url: URL, name: String, filename: String? = nil,
    contentType: String = "application/octet-stream"
  ) {
    parts.append(
      Part(
        name: name, filename: filename ?? url.lastPathComponent, contentType: contentType,
        data: Data(), file: url))
  }

  /// Whether a part is read from a file.
  package var hasFiles: Bool { parts.contains { $0.file != nil } }

  /// The `Content-Type` header value, with the boundary.
  public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// The encoded body. Quotes and line breaks in names and file names are percent-encoded, as
  /// browsers do, so a name cannot add headers to its part.
  public func encoded() -> Data {
    var body = Data()
    for part in parts {
      body.append(head(of: part))
      body.append(part.data)
      body.append(Data("\r\n".utf8))
    }
    body.append(Data("--\(boundary)--\r\n".utf8))
    return body
  }

  /// The form as chunks read as they are sent: files are read from disk 64 KiB at a time.
  /// Its length is known (the files' sizes now); a file that changes size before it is sent
  /// fails the request.
  ///
  /// - Throws: ``RequestError/Kind/file`` for a part's file that cannot be read.
  public func source() throws(RequestError) -> ByteSource {
    var pieces: [MultipartPiece] = []
    var length: Int64 = 0
    for part in parts {
      let head = head(of: part)
      pieces.append(.bytes(head))
      length += Int64(head.count)
      if let file = part.file {
        let size = try FileChunks.size(of: file)
        pieces.append(.file(file, size: size))
        length += size
      } else {
        pieces.append(.bytes(part.data))
        length += Int64(part.data.count)
      }
      pieces.append(.bytes(Data("\r\n".utf8)))
      length += 2
    }
    let close = Data("--\(boundary)--\r\n".utf8)
    pieces.append(.bytes(close))
    length += Int64(close.count)
    let all = pieces
    return ByteSource(length: length) { MultipartChunks(pieces: all) }
  }

  /// The head of a part: its boundary line and headers.
  private func head(of part: Part) -> Data {
    var head =
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
    if let filename = part.filename { head += "; filename=\"\(Self.quoted(filename))\"" }
    head += "\r\n"
    if let contentType = part.contentType {
      head += "Content-Type: \(contentType.filter { $0 != "\r" && $0 != "\n" })\r\n"
    }
    head += "\r\n"
    return Data(head.utf8)
  }

  private static func quoted(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }
}
