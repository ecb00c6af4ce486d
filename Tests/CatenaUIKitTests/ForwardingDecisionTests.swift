#if os(Linux)
  import CatenaDataSource
  import Foundation
  import Testing
  import UIKitFakes

  @testable import CatenaUIKit

  /// What the proxies tell the Objective-C runtime on Apple platforms, decided by method names
  /// here: which of their own methods look implemented, and which app object a call goes to.
  /// (On Apple platforms `responds(to:)` and `forwardingTarget(for:)` only turn the selector
  /// into its name and ask these.)
  @MainActor
  @Suite("The proxies' forwarding, by method name")
  struct ForwardingDecisionTests {
    /// The app's objects and the methods each implements, by Objective-C name.
    final class AppObject: NSObject {
      let methods: Set<String>
      init(_ methods: Set<String>) { self.methods = methods }
    }

    static let implements: @Sendable (AnyObject, String) -> Bool = { object, name in
      (object as? AppObject)?.methods.contains(name) ?? false
    }

    func proxy(
      heights: Bool, delegate: AppObject? = nil, dataSource: AppObject? = nil
    ) -> TableProxy {
      let table = UITableView(frame: .zero, style: .plain)
      let source = rowSource(table)
      if heights { source.rowHeight { _, _ in 50 } }
      return TableProxy(
        source.answers, app: (delegate: delegate, dataSource: dataSource, prefetcher: nil),
        implements: Self.implements)
    }

    @Test func rowHeightsLookImplementedOnlyWhenSomeoneGivesThem() {
      let height = "tableView:heightForRowAtIndexPath:"
      let estimated = "tableView:estimatedHeightForRowAtIndexPath:"
      #expect(!proxy(heights: false).responds(to: height, implementedHere: true))
      #expect(!proxy(heights: false).responds(to: estimated, implementedHere: true))
      #expect(proxy(heights: true).responds(to: height, implementedHere: true))
      let app = AppObject([height])
      #expect(proxy(heights: false, delegate: app).responds(to: height, implementedHere: true))
    }

    @Test func sectionViewsAndScrollingLookImplementedOnlyWhenTheAppGivesThem() {
      for method in [
        "tableView:heightForHeaderInSection:", "tableView:viewForFooterInSection:",
        "scrollViewDidScroll:",
      ] {
        #expect(!proxy(heights: true).responds(to: method, implementedHere: true), "\(method)")
        let app = AppObject([method])
        #expect(
          proxy(heights: true, delegate: app).responds(to: method, implementedHere: true),
          "\(method)")
      }
      // What Catena answers and does not hide stays implemented whatever the app does.
      #expect(
        proxy(heights: false).responds(
          to: "tableView:didSelectRowAtIndexPath:", implementedHere: true))
    }

    @Test func whatOnlyTheAppImplementsGoesToItTheDelegateFirst() {
      let method = "tableView:didEndDisplayingCell:forRowAtIndexPath:"
      let delegate = AppObject([method])
      let dataSource = AppObject([method, "tableView:titleForHeaderInSection:"])
      let proxy = proxy(heights: false, delegate: delegate, dataSource: dataSource)
      #expect(proxy.responds(to: method, implementedHere: false))
      #expect(proxy.appTarget(for: method) === delegate)
      #expect(proxy.appTarget(for: "tableView:titleForHeaderInSection:") === dataSource)
      #expect(
        !proxy.responds(
          to: "tableView:accessoryButtonTappedForRowWithIndexPath:", implementedHere: false))
      #expect(proxy.appTarget(for: "tableView:accessoryButtonTappedForRowWithIndexPath:") == nil)
    }

    @Test func aCollectionHidesScrollingUnlessTheAppScrolls() {
      let source = SectionedDataSource<String, Row>()
      let plain = CollectionProxy(
        source.answers, app: (delegate: nil, dataSource: nil, prefetcher: nil),
        implements: Self.implements)
      #expect(!plain.responds(to: "scrollViewDidScroll:", implementedHere: true))
      let app = AppObject(["scrollViewDidScroll:"])
      let forwarding = CollectionProxy(
        source.answers, app: (delegate: app, dataSource: nil, prefetcher: nil),
        implements: Self.implements)
      #expect(forwarding.responds(to: "scrollViewDidScroll:", implementedHere: true))
    }

    @Test func aListWithImpressionsTakesItsScrolls() {
      let source = SectionedDataSource<String, Row>()
        .impressions(after: .zero) { _ in }
      for proxy in [
        CollectionProxy(
          source.answers, app: (delegate: nil, dataSource: nil, prefetcher: nil),
          implements: Self.implements),
        TableProxy(
          source.answers, app: (delegate: nil, dataSource: nil, prefetcher: nil),
          implements: Self.implements),
      ] as [ForwardingProxy] {
        #expect(proxy.responds(to: "scrollViewDidScroll:", implementedHere: true))
      }
    }

    @Test func anAppObjectThatGoesAwayIsNoLongerATarget() {
      var delegate: AppObject? = AppObject(["scrollViewDidScroll:"])
      let proxy = proxy(heights: false, delegate: delegate)
      #expect(proxy.appTarget(for: "scrollViewDidScroll:") != nil)
      delegate = nil
      #expect(proxy.appTarget(for: "scrollViewDidScroll:") == nil, "held weakly")
      _ = delegate
    }
  }
#endif

#if os(Linux)
  import CatenaPaging

  /// What a status row shows, decided once for the UIKit cell and the SwiftUI view.
  @Suite("A status row's look")
  struct StatusRowLookTests {
    @Test func loadsSpinFailuresRetryTheRestAreText() {
      let looks: [(PagerStatus, StatusRowLook)] = [
        (.firstLoad, .spinner(label: PagerStatus.firstLoad.description)),
        (.loading(.append), .spinner(label: PagerStatus.loading(.append).description)),
        (
          .firstLoadFailed("offline"),
          .retry(title: PagerStatus.firstLoadFailed("offline").description)
        ),
        (
          .failed(.prepend, "offline"),
          .retry(title: PagerStatus.failed(.prepend, "offline").description)
        ),
        (.end, .text(PagerStatus.end.description)),
      ]
      for (status, look) in looks {
        #expect(StatusRowLook(status) == look, "\(status)")
        #expect(StatusRowLook(status).isLoading == (status.description == look.label))
      }
    }
  }

  extension StatusRowLook {
    /// A spinner's label, else nil.
    var label: String? {
      if case .spinner(let label) = self { return label }
      return nil
    }
  }
#endif
