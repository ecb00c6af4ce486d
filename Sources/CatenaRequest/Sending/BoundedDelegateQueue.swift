#if canImport(FoundationNetworking)
  import Foundation

  /// The delegate queue of `URLSessionTransport` on Linux: a serial queue with at most a
  /// window of delegate calls waiting at a time.
  ///
  /// FoundationNetworking hands every chunk libcurl receives (and decodes: a gzip body is
  /// inflated whether asked or not) to the delegate queue at once, with no flow control, so a
  /// 1 MB gzip bomb becomes a gigabyte of queued chunks before the delegate sees the first
  /// one and can stop the transfer. Here the thread that enqueues waits for a free slot, so
  /// libcurl reads and inflates no faster than the delegate takes the chunks in.
  ///
  /// FoundationNetworking enqueues every delegate call with `addOperation(_:)` and a closure;
  /// the calls run on a serial dispatch queue, without the cost of an `Operation` each.
  final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    // NB: `slots` and `serial` are thread-safe and never change.
    private let slots: DispatchSemaphore
    private let serial = DispatchQueue(label: "Catena.URLSessionTransport.delegate")
    private static let onQueue = DispatchSpecificKey<Bool>()
    /// A queue where at most `window` delegate calls (of at most 16 KiB of body each) wait.
    init(window: Int = 64) {
      slots = DispatchSemaphore(value: window)
      super.init()
      maxConcurrentOperationCount = 1
      name = "Catena.URLSessionTransport.delegate"
      serial.setSpecific(key: Self.onQueue, value: true)
    }

    override func addOperation(_ block: @Sendable @escaping () -> Void) {
      // A call the queue makes to itself must not wait for a slot only it can free.
      guard DispatchQueue.getSpecific(key: Self.onQueue) == nil else {
        return serial.async(execute: block)
      }
      slots.wait()
      serial.async { [slots] in
        block()
        slots.signal()
      }
    }
  }
#endif
