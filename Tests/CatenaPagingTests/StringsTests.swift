import CatenaDataSource
import CatenaPaging
import Foundation
import Testing

@Suite("Built-in strings, in English and Simplified Chinese", .serialized)
struct StringsTests {
  let chinese = Locale(identifier: "zh-Hans")
  let english = Locale(identifier: "en")

  @Test func anExplicitLocaleChoosesTheLanguageWhateverTheProcessRunsIn() {
    #expect(CatenaStrings.string(.loading, locale: chinese) == "加载中…")
    #expect(CatenaStrings.string(.loading, locale: english) == "Loading…")
    #expect(CatenaStrings.string(.endOfList, locale: Locale(identifier: "zh_CN")) == "已经到底了")
    #expect(CatenaStrings.string(.endOfList, locale: Locale(identifier: "zh-Hans-SG")) == "已经到底了")
    // No Traditional Chinese table: English, rather than simplified characters.
    #expect(
      CatenaStrings.string(.endOfList, locale: Locale(identifier: "zh-Hant-TW")) == "End of list")
    #expect(CatenaStrings.string(.endOfList, locale: Locale(identifier: "zh_TW")) == "End of list")
    #expect(CatenaStrings.string(.endOfList, locale: Locale(identifier: "fr_FR")) == "End of list")
  }

  @Test func everyKeyHasItsOwnTextInBothLanguages() {
    for key in CatenaStrings.Key.allCases {
      let en = CatenaStrings.string(key, "x", locale: english)
      let zh = CatenaStrings.string(key, "x", locale: chinese)
      #expect(en != key.rawValue && zh != key.rawValue, "\(key) is missing from a table")
      #expect(en != zh, "\(key) is not translated")
      #expect(!zh.contains(where: { ("a"..."z").contains($0) && $0 != "x" }), "\(key): \(zh)")
    }
  }

  @Test func statusRowsSayTheirTextInTheLocaleAsked() {
    let failed = PagerStatus.failed(.append, "offline")
    #expect(failed.text(locale: chinese) == "加载失败：offline。轻点重试。")
    #expect(failed.text(locale: english) == "Couldn't load: offline. Tap to retry.")
    #expect(PagerStatus.end.text(locale: chinese) == "已经到底了")
    #expect(PagerStatus.loading(.append).text(locale: chinese) == "加载中…")
  }

  @Test func aMessageEndingInAFullStopGetsNoSecondOne() {
    let failed = PagerStatus.firstLoadFailed("The server cannot be reached.")
    #expect(
      failed.text(locale: english) == "Couldn't load: The server cannot be reached. Tap to retry.")
    #expect(PagerStatus.firstLoadFailed("服务器无法连接。").text(locale: chinese) == "加载失败：服务器无法连接。轻点重试。")
  }

  @Test func placeholdersTakeTheirArgumentAndKeepPercentSigns() {
    let failed = CatenaStrings.string(.loadFailed, "100% full", locale: english)
    #expect(failed == "Couldn't load: 100% full. Tap to retry.")
  }

  @Test func anAppOverridesAnyStringAndFallsBackForTheRest() {
    // Only for a locale no other test uses, so that parallel tests see Catena's strings.
    let app = Locale(identifier: "fr_CA")
    CatenaStrings.override { key, locale in
      locale.identifier == "fr_CA" && key == .endOfList ? "C'est tout" : nil
    }
    defer { CatenaStrings.override(nil) }
    #expect(CatenaStrings.string(.endOfList, locale: app) == "C'est tout")
    #expect(CatenaStrings.string(.loading, locale: app) == "Loading…")
    #expect(PagerStatus.end.text(locale: app) == "C'est tout")
    #expect(CatenaStrings.string(.endOfList, locale: english) == "End of list")
  }

  @Test func aTranslationWithMorePlaceholdersThanArgumentsLeavesTheRestAsWritten() {
    // An app's table may be wrong; a C format would read arguments that are not there.
    let app = Locale(identifier: "de_CH")
    CatenaStrings.override { key, locale in
      locale.identifier == "de_CH" && key == .loadFailed ? "%@ / %@ / %d / 100%" : nil
    }
    defer { CatenaStrings.override(nil) }
    #expect(CatenaStrings.string(.loadFailed, "offline", locale: app) == "offline / %@ / %d / 100%")
    #expect(CatenaStrings.string(.loadFailed, locale: app) == "%@ / %@ / %d / 100%")
  }
}
