public import Foundation

/// A `multipart/form-data` body, encoded by Catena in memory (never through `InputStream`,
/// whose `streamError` traps on Linux).
///
/// ```swift
/// var form = MultipartForm()
/// form.append("Sea view", name: "title")
/// form.append(photo, name: "photo", filename: "sea.jpg", contentType: "image/jpeg")
/// Post("houses").body(multipart: form)
/// ```
public struct MultipartForm: Hashable, Sendable {
  /// One part of the form.
  public struct Part: Hashable, Sendable {
    /// The field name.
    public var name: String
    /// The file name, for file parts.
    public var filename: String?
    /// The part's content type, if any.
    public var contentType: String?
    /// The part's bytes.
    public var data: Data
  }

  /// The boundary between parts.
  public let boundary: String
  /// The parts, in order.
  public private(set) var parts: [Part] = []

  /// An empty form with a random boundary.
  public init() {
    boundary = "catena-" + UUID().uuidString
  }

  /// An empty form with `boundary` (for reproducible bodies in tests).
  public init(boundary: String) {
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

  /// The `Content-Type` header value, with the boundary.
  public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// The encoded body. Quotes and line breaks in names and file names are percent-encoded, as
  /// browsers do, so a name cannot add headers to its part.
  public func encoded() -> Data {
    var body = Data()
    for part in parts {
      var head =
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
      if let filename = part.filename { head += "; filename=\"\(Self.quoted(filename))\"" }
      head += "\r\n"
      if let contentType = part.contentType {
        head += "Content-Type: \(contentType.filter { $0 != "\r" && $0 != "\n" })\r\n"
      }
      head += "\r\n"
      body.append(Data(head.utf8))
      body.append(part.data)
      body.append(Data("\r\n".utf8))
    }
    body.append(Data("--\(boundary)--\r\n".utf8))
    return body
  }

  private static func quoted(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }
}
