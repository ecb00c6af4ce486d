import CatenaRequest
import Testing

@Suite("Transfer progress")
struct TransferProgressTests {
  @Test func theFractionIsOneExactlyWhenTheKnownTotalIsTransferred() {
    #expect(TransferProgress(.download, completed: 0, total: nil).fraction == nil)
    #expect(TransferProgress(.download, completed: 512, total: 1024).fraction == 0.5)
    #expect(TransferProgress(.download, completed: 1023, total: 1024).fraction != 1)
    #expect(TransferProgress(.download, completed: 1024, total: 1024).fraction == 1)
    #expect(TransferProgress(.upload, completed: 2048, total: 1024).fraction == 1, "clamped")
    // An empty body is a whole transfer: a progress bar fills, and `fraction == 1` says done.
    #expect(TransferProgress(.download, completed: 0, total: 0).fraction == 1)
    #expect(TransferProgress(.download, completed: 5, total: -1).fraction == nil, "no size")
  }
}
