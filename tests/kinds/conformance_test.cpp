// The conformance suite: every kind of the registry, and the tests' own
// rooks (rooks/rooks.hpp), held to the PuzzleKind contract (nursery/kind.hpp)
// by one typed suite: read and write round trip, the independent checker
// accepts every answer the kind writes and refuses a corrupted one,
// take_back resumes exactly what was written, a spent budget gives unknown
// (never a wrong verdict), bad input is an InputError with file and line.
// A new kind passes it by one line in the registry and its Samples.
#include <gtest/gtest.h>

#include <nursery/registry.hpp>
#include <string>
#include <vector>

#include "rooks/rooks.hpp"
#include "samples.hpp"

namespace nursery::testing {

// The registry of the test build: the engine's, and one more line.
using TestKinds = Kinds::with<rooks::Facade>;

template <class List>
struct TypesOf;
template <class... Ks>
struct TypesOf<KindList<Ks...>> {
  using type = ::testing::Types<Ks...>;
};

struct KindName {
  template <class K>
  static std::string GetName(int) {
    return K::name;
  }
};

template <class K>
class Conformance : public ::testing::Test {
 protected:
  // One input's puzzles, each one's answer, and its answer file (the parts
  // in order, as batch writes them).
  struct Answered {
    std::string input;
    std::vector<typename K::Puzzle> puzzles;
    std::vector<typename K::Answer> answers;
    std::vector<std::string> parts;
    std::string file;
  };

  static Answered answered(const std::string& input, const Ask& ask) {
    Answered run{input, K::read(input, "input.txt"), {}, {}, {}};
    for (const auto& puzzle : run.puzzles) {
      run.answers.push_back(K::answer(puzzle, ask));
      run.parts.push_back(K::write(puzzle, run.answers.back(), ask));
      run.file += run.parts.back();
    }
    return run;
  }

  static Ask asked(bool count) {
    Ask ask;
    ask.count = count;
    ask.threads = 2;
    return ask;
  }
};
TYPED_TEST_SUITE(Conformance, TypesOf<TestKinds>::type, KindName);

TYPED_TEST(Conformance, ReadsTheSamePuzzlesTwice) {
  using K = TypeParam;
  for (const auto& input : Samples<K>::inputs()) {
    const auto first = K::read(input, "input.txt"), again = K::read(input, "input.txt");
    ASSERT_FALSE(first.empty()) << input;
    ASSERT_EQ(first.size(), again.size());
    for (std::size_t i = 0; i < first.size(); ++i) {
      EXPECT_EQ(K::label(first[i]).id, K::label(again[i]).id);
      EXPECT_FALSE(K::label(first[i]).size.empty()) << input;
    }
    EXPECT_NE(K::sniff(input), Sniff::no) << input;
  }
}

// An answer written, then taken back, is the same answer: its verdict, its
// count, its text.
TYPED_TEST(Conformance, TakeBackResumesExactlyWhatWasWritten) {
  using K = TypeParam;
  for (const bool count : {false, true})
    for (const auto& input : Samples<K>::inputs()) {
      const Ask ask = this->asked(count);
      const auto run = this->answered(input, ask);
      const auto taken = K::take_back(run.puzzles, input, run.file, ask);
      ASSERT_EQ(taken.size(), run.puzzles.size()) << input;
      for (std::size_t i = 0; i < taken.size(); ++i) {
        SCOPED_TRACE(input + (count ? " (count)" : " (find)"));
        ASSERT_NE(run.answers[i].verdict, Verdict::unknown);
        ASSERT_TRUE(taken[i].has_value()) << run.parts[i];
        if (count) {
          ASSERT_TRUE(taken[i]->report.count.has_value());
          EXPECT_EQ(to_string(*taken[i]->report.count), to_string(*run.answers[i].count));
        } else {
          EXPECT_EQ(taken[i]->report.verdict, run.answers[i].verdict);
        }
        EXPECT_EQ(taken[i]->text, run.parts[i]);
      }
    }
}

TYPED_TEST(Conformance, TheCheckerAcceptsEveryAnswerTheKindWrites) {
  using K = TypeParam;
  for (const auto& input : Samples<K>::inputs()) {
    const auto run = this->answered(input, this->asked(false));
    for (std::size_t i = 0; i < run.puzzles.size(); ++i) {
      const auto checked = K::check(run.puzzles[i], input, run.parts[i], Budget());
      ASSERT_TRUE(checked.has_value());
      // A FAIL no checker can prove (a Skyscrapers "no solution") is
      // unverified, never refuted.
      if (run.answers[i].verdict == Verdict::ok)
        EXPECT_TRUE(checked->valid) << input << run.parts[i] << checked->reason;
      else
        EXPECT_TRUE(checked->valid || checked->unproved) << input << checked->reason;
    }
    const auto all = K::verify_answers(input, run.file, "input.txt", "output.txt", Budget(),
                                       nullptr, VerifyAsk{});
    ASSERT_TRUE(all.has_value());
    ASSERT_EQ(all->size(), run.puzzles.size());
    for (const auto& [id, verification] : *all)
      EXPECT_TRUE(verification.valid || verification.unproved) << id << verification.reason;
  }
}

TYPED_TEST(Conformance, TheCheckerRefusesACorruptedAnswer) {
  using K = TypeParam;
  std::size_t corrupted = 0;
  for (const auto& input : Samples<K>::inputs()) {
    auto run = this->answered(input, this->asked(false));
    for (std::size_t i = 0; i < run.puzzles.size(); ++i) {
      if (run.answers[i].verdict != Verdict::ok) continue;
      const std::string bad = Samples<K>::corrupt(run.parts[i]);
      ASSERT_NE(bad, run.parts[i]);
      const auto checked = K::check(run.puzzles[i], input, bad, Budget());
      ASSERT_TRUE(checked.has_value());
      EXPECT_FALSE(checked->valid) << input << bad;
      EXPECT_FALSE(checked->unproved) << input << bad;
      // ... and is never resumed.
      run.parts[i] = bad;
      std::string file;
      for (const auto& part : run.parts) file += part;
      const auto taken = K::take_back(run.puzzles, input, file, this->asked(false));
      ASSERT_EQ(taken.size(), run.puzzles.size());
      EXPECT_FALSE(taken[i].has_value()) << input << bad;
      ++corrupted;
    }
  }
  EXPECT_GT(corrupted, 0u) << "no sample of " << K::name << " has an answer to corrupt";
}

// A budget spent before the search: unknown, or (an answer that took no
// search: a construction, a bound) the verdict a full run gives.
TYPED_TEST(Conformance, ASpentBudgetGivesUnknownNeverAWrongVerdict) {
  using K = TypeParam;
  StopSource stop;
  stop.request(StopReason::cancelled);
  for (const bool count : {false, true}) {
    Ask spent = this->asked(count);
    spent.budget = Budget(&stop);
    for (const auto& input : Samples<K>::inputs()) {
      const auto full = this->answered(input, this->asked(count));
      const auto puzzles = K::read(input, "input.txt");
      for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const auto answer = K::answer(puzzles[i], spent);
        if (answer.verdict == Verdict::unknown) continue;
        EXPECT_EQ(answer.verdict, full.answers[i].verdict) << input;
        if (count && answer.count && answer.status == Status::complete) {
          EXPECT_EQ(to_string(*answer.count), to_string(*full.answers[i].count)) << input;
        }
      }
    }
    // A puzzle that needs a search is left unknown.
    const std::string hard = Samples<K>::hard();
    for (const auto& puzzle : K::read(hard, "hard.txt")) {
      const auto answer = K::answer(puzzle, spent);
      EXPECT_EQ(answer.verdict, Verdict::unknown) << hard << (count ? " (count)" : " (find)");
      EXPECT_NE(answer.status, Status::complete) << hard;
    }
  }
}

TYPED_TEST(Conformance, BadInputIsAnInputErrorWithFileAndLine) {
  using K = TypeParam;
  for (const auto& [text, line] : Samples<K>::bad()) {
    try {
      (void)K::read(text, "bad.txt");
      ADD_FAILURE() << "read: " << text;
    } catch (const InputError& e) {
      EXPECT_EQ(e.file, "bad.txt") << e.what();
      EXPECT_EQ(e.line, line) << e.what();
      EXPECT_EQ(std::string(e.what()).rfind("bad.txt:" + std::to_string(line) + ": expected ", 0),
                0u)
          << e.what();
    }
  }
}

}  // namespace nursery::testing
