#if canImport(FoundationNetworking)
  import Foundation

  /// The delegate queue of `URLSessionTransport` on Linux: at most ``window`` delegate calls
  /// waiting at a time.
  ///
  /// FoundationNetworking hands every chunk libcurl receives (and decodes: a gzip body is
  /// inflated whether asked or not) to the delegate queue at once, with no flow control, so a
  /// 1 MB gzip bomb becomes a gigabyte of queued chunks before the delegate sees the first
  /// one and can stop the transfer. Here the thread that enqueues waits for a free slot, so
  /// libcurl reads and inflates no faster than the delegate takes the chunks in.
  final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    // NB: `slots` is a semaphore, safe from any thread; nothing else is stored.
    private let slots: DispatchSemaphore
    /// How many delegate calls may wait at once (of at most 16 KiB of body each).
    let window: Int

    init(window: Int = 64) {
      self.window = window
      slots = DispatchSemaphore(value: window)
      super.init()
      maxConcurrentOperationCount = 1
      name = "Catena.URLSessionTransport.delegate"
    }

    override func addOperation(_ block: @Sendable @escaping () -> Void) {
      // A call the queue makes to itself must not wait for a slot only it can free.
      guard OperationQueue.current !== self else { return super.addOperation(block) }
      slots.wait()
      super.addOperation { [slots] in
        block()
        slots.signal()
      }
    }
  }
#endif
