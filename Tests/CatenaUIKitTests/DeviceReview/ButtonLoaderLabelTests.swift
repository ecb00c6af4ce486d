#if os(Linux)
  import CatenaRequest
  import CatenaUIKit
  import Testing
  import UIKitFakes

  /// N12: the loader keeps what VoiceOver reads for the button.
  @MainActor
  @Suite("N12 a loading button keeps its accessibility label")
  struct ButtonLoaderLabelTests {
    @Test("N12 an icon-only button keeps the app's label while loading and after")
    func anIconOnlyButtonKeepsItsLabel() {
      let button = UIButton(type: .system)
      button.accessibilityLabel = "Send message"
      let loader = ButtonLoader(button)
      let request = RequestID()
      loader.begin(request)
      #expect(button.accessibilityLabel == "Send message")
      loader.end(request)
      #expect(button.accessibilityLabel == "Send message")
    }

    @Test("N12 a titled button reads its title while the spinner hides it, and no label after")
    func aTitledButtonReadsItsTitle() {
      let button = UIButton(type: .system)
      button.setTitle("Send", for: .normal)
      let loader = ButtonLoader(button)
      let request = RequestID()
      loader.begin(request)
      #expect(button.accessibilityLabel == "Send")
      loader.end(request)
      #expect(button.accessibilityLabel == nil)
      #expect(button.title(for: .normal) == "Send")
    }

    @Test("N12 a button with a configuration shows its own activity indicator, title kept")
    func aConfiguredButtonUsesItsIndicator() {
      let button = UIButton(type: .system)
      var configuration = UIButton.Configuration.filled()
      configuration.title = "Send"
      button.configuration = configuration
      let loader = ButtonLoader(button)
      let request = RequestID()
      loader.begin(request)
      #expect(button.configuration?.showsActivityIndicator == true)
      #expect(button.configuration?.title == "Send")
      #expect(!button.isEnabled)
      #expect(loader.spinner.superview == nil, "no second spinner drawn over the title")
      loader.end(request)
      #expect(button.configuration?.showsActivityIndicator == false)
      #expect(button.isEnabled)
    }
  }
#endif
