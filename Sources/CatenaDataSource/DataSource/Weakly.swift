/// `body` with `owner` held weakly: called with the owner while it lives; once it is gone,
/// the closure does nothing and answers `otherwise`. What the `owner:` forms of the chains are
/// made of, so that a closure needs neither a capture list nor a strong reference to the
/// view controller that owns the table.
@inlinable
package func weakly<Owner: AnyObject, each Argument, Result>(
  _ owner: Owner, otherwise: Result, _ body: @escaping (Owner, repeat each Argument) -> Result
) -> (repeat each Argument) -> Result {
  { [weak owner] (argument: repeat each Argument) -> Result in
    guard let owner else { return otherwise }
    return body(owner, repeat each argument)
  }
}
