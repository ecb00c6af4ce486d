#if os(Linux)
  import CatenaDiff
  import CatenaTesting
  import Testing

  @testable import UIKitFakes

  /// The fakes' model of UIKit's batch updates and Catena's `BatchValidator` are written apart;
  /// over seeded batches, valid and broken in each of UIKit's ways, they must agree.
  @Suite("The fakes' batch model agrees with BatchValidator")
  struct BatchModelTests {
    @Test("50,000 seeded batches: the model and the validator both accept or both refuse")
    func theModelAndTheValidatorAgree() {
      var generator = BatchGenerator(random: SeededRandom(seed: 0xBA7C4))
      var valid = 0
      var broken: [String: Int] = [:]
      var refusedPerRule: [String: Int] = [:]
      var disagreements: [String] = []
      var mapped: [String] = []
      for index in 0..<50_000 {
        let base = generator.valid()
        let rule = generator.int(0...99) < 35 ? nil : generator.int(1...17)
        let generated = rule.map { generator.breaking($0, in: base) } ?? base
        let model = Result { () throws(BatchModel.Refusal) in
          try BatchModel(generated.batch, before: generated.before, after: generated.after)
        }
        var validator = BatchValidator(
          update: generated.batch, before: generated.before, after: generated.after)
        let checked = Result { () throws(BatchUpdateError) in try validator.run() }
        let modelAccepts = (try? model.get()) != nil
        let validatorAccepts = (try? checked.get()) != nil
        if let name = generated.broken {
          broken[name, default: 0] += 1
          if !modelAccepts { refusedPerRule[name, default: 0] += 1 }
        } else if !modelAccepts {
          Issue.record("batch \(index), valid by construction, refused: \(generated) \(model)")
        }
        if modelAccepts && validatorAccepts && generated.broken == nil { valid += 1 }
        // Where they agree a batch is valid, they agree where every row goes; except where a
        // batch reloads and moves at once, where UIKit's place for a reloaded row among moved
        // ones is not documented (the model puts it at its index shifted by the inserts and
        // deletes, the validator where it would stay; both refuse a move onto either).
        let reloadsAndMoves =
          !(generated.batch.itemReloads.isEmpty && generated.batch.sectionReloads.isEmpty)
          && !(generated.batch.itemMoves.isEmpty && generated.batch.sectionMoves.isEmpty)
        if !reloadsAndMoves, let played = try? model.get(), (try? checked.get()) != nil,
          mapped.count < 8
        {
          let old = generated.before.enumerated().flatMap { section, count in
            (0..<count).map { ItemPath(item: $0, section: section) }
          }
          let byModel = played.fates(of: old)
          let byValidator = RowMapping(validator, generated.batch).fates(of: old)
          if byModel != byValidator {
            mapped.append(
              "batch \(index) \(generated.batch) before \(generated.before): model \(byModel.sorted { $0.key < $1.key }), validator \(byValidator.sorted { $0.key < $1.key })"
            )
          }
        }
        if modelAccepts != validatorAccepts, disagreements.count < 8 {
          disagreements.append(
            "batch \(index) \(generated.broken ?? "valid") before \(generated.before) after "
              + "\(generated.after) \(generated.batch): model "
              + (modelAccepts ? "accepts" : "refuses (\(model))") + ", validator "
              + (validatorAccepts ? "accepts" : "refuses (\(checked))"))
        }
      }
      #expect(disagreements == [])
      #expect(mapped == [])
      #expect(valid >= 15_000, "at least 30 % valid")
      for rule in 1...17 {
        let count = broken["B\(rule)", default: 0]
        #expect(count >= 100, "B\(rule) broken \(count) times")
      }
      // Every rule UIKit raises for was refused many times (B1, B11 and B17 are accepted).
      for rule in [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16] {
        #expect(refusedPerRule["B\(rule)", default: 0] >= 100, "B\(rule) refused too rarely")
      }
    }
  }
#endif
