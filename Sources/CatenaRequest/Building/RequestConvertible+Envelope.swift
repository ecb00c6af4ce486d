extension RequestConvertible {
  /// Reads a business code (and message) from the body and turns a code that is not a success
  /// into a ``RequestError/Kind/server`` error, even when the HTTP status is 200.
  ///
  /// ```swift
  /// Get("user/info")
  ///   .envelope(code: "data.code", message: "data.message", success: ["200"])
  ///   .decode(User.self, at: "data.user")
  /// ```
  ///
  /// Numeric codes compare by their decimal text (`200` matches `"200"`). An empty body passes;
  /// so does a body without the code, unless `missingCodePasses` is false.
  public func envelope(
    code: JSONPath, message: JSONPath? = nil, success: Set<String>,
    missingCodePasses: Bool = true
  ) -> Request<Value> {
    let previous = self
    return Request(definition: definition) { response throws(RequestError) in
      let accepted = try Shaping.accept(response, statuses: 200..<300)
      if !accepted.body.isEmpty {
        let json: JSONValue
        do throws(RequestError) {
          json = try JSONValue(parsing: accepted.body)
        } catch {
          throw Shaping.annotate(error, response, stage: "envelope")
        }
        let found = json.at(code).flatMap(Self.codeText)
        if let found, !success.contains(found) {
          var error = RequestError(.server, "the server answered code \(found)")
          error.code = found
          error.serverMessage = message.flatMap { json.at($0)?.string }
          if let text = error.serverMessage { error.message += ": \(text)" }
          throw Shaping.annotate(error, response, stage: "envelope")
        }
        if found == nil && !missingCodePasses {
          throw Shaping.failure(
            .decoding, "no code at \"\(code)\"", response, stage: "envelope")
        }
      }
      return try previous.interpret(response)
    }
  }

  private static func codeText(_ value: JSONValue) -> String? {
    switch value {
    case .string(let text): text
    case .int(let number): String(number)
    case .double(let number): value.int.map(String.init) ?? String(number)
    case .bool(let flag): String(flag)
    default: nil
    }
  }
}
