// A file that repeats a puzzle id (issue 30, item 3): answers of an id go
// to its puzzles in order, so the solver's own answers verify, in
// `verify_answers` as in the kind's facade (nursery verify), and a grid left
// over past the last puzzle of its id is a second answer.
#include <gtest/gtest.h>

#include <nursery/skyscrapers.hpp>
#include <string>
#include <vector>

namespace {

namespace sky = nursery::skyscrapers;

const char* kRepeated =
    "a 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - -\n"
    "a 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 - -\n"
    "b 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - -\n";

// The answers the facade writes for every puzzle, as batch writes them.
std::string solved(const std::vector<sky::Puzzle>& puzzles) {
  std::string text;
  nursery::Ask ask;
  for (const auto& puzzle : puzzles)
    text += sky::Facade::write(puzzle, sky::Facade::answer(puzzle, ask), ask);
  return text;
}

TEST(SkyscrapersRepeatedIds, TheSolversOwnAnswersVerify) {
  auto puzzles = sky::parse(kRepeated, "in.txt");
  ASSERT_EQ(puzzles.size(), 3u);
  const std::string answers = solved(puzzles);
  auto faults = sky::verify_answers(puzzles, sky::read_answer(answers, "out.txt"), "out.txt");
  for (const auto& fault : faults) EXPECT_EQ(fault, "");
  auto checked = sky::Facade::verify_answers(kRepeated, answers, "in.txt", "out.txt",
                                             nursery::Budget(), nullptr, nursery::VerifyAsk{});
  ASSERT_TRUE(checked.has_value());
  ASSERT_EQ(checked->size(), 3u);
  for (const auto& one : *checked) EXPECT_TRUE(one.verification.valid) << one.verification.reason;
  // And take_back keeps every one of them, by the same order.
  auto taken = sky::Facade::take_back(puzzles, kRepeated, answers, nursery::Ask{});
  for (const auto& one : taken) {
    ASSERT_TRUE(one.has_value());
    EXPECT_TRUE(one->verified);
  }
}

TEST(SkyscrapersRepeatedIds, OrderMattersAndALeftOverGridIsASecondAnswer) {
  auto puzzles = sky::parse(kRepeated, "in.txt");
  nursery::Ask ask;
  std::vector<std::string> parts;
  for (const auto& puzzle : puzzles)
    parts.push_back(sky::Facade::write(puzzle, sky::Facade::answer(puzzle, ask), ask));
  // The two answers of `a` swapped: each is the other's.
  const std::string swapped = parts[1] + parts[0] + parts[2];
  auto faults = sky::verify_answers(puzzles, sky::read_answer(swapped, "out.txt"), "out.txt");
  EXPECT_NE(faults[0], "");
  EXPECT_NE(faults[1], "");
  EXPECT_EQ(faults[2], "");
  auto taken = sky::Facade::take_back(puzzles, kRepeated, swapped, ask);
  EXPECT_FALSE(taken[0].has_value());
  EXPECT_FALSE(taken[1].has_value());
  EXPECT_TRUE(taken[2].has_value());
  // A third grid named `a`: a second answer, blamed on the last puzzle `a`.
  const std::string extra = parts[0] + parts[1] + parts[0] + parts[2];
  faults = sky::verify_answers(puzzles, sky::read_answer(extra, "out.txt"), "out.txt");
  EXPECT_EQ(faults[0], "");
  EXPECT_NE(faults[1].find("a second answer for puzzle a"), std::string::npos) << faults[1];
  EXPECT_EQ(faults[2], "");
  // Unique ids are matched by name whatever the order (as before).
  auto unique = sky::parse(
      "x 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - -\n"
      "y 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 - -\n",
      "in.txt");
  const std::string x = sky::Facade::write(unique[0], sky::Facade::answer(unique[0], ask), ask);
  const std::string y = sky::Facade::write(unique[1], sky::Facade::answer(unique[1], ask), ask);
  for (const auto& fault :
       sky::verify_answers(unique, sky::read_answer(y + x, "out.txt"), "out.txt"))
    EXPECT_EQ(fault, "");
  // A grid for an id the file does not hold, even a broken one, is an
  // answer too many: the last puzzle takes the blame.
  auto stray = x;
  for (char& c : stray)
    if (c == 'x') c = 'z';
  faults = sky::verify_answers(unique, sky::read_answer(x + y + stray, "out.txt"), "out.txt");
  EXPECT_EQ(faults[0], "");
  EXPECT_NE(faults[1].find("an answer for puzzle z"), std::string::npos) << faults[1];
}

// The hash line each part leads with: a part of a puzzle since edited is
// not taken back, the others are.
TEST(SkyscrapersRepeatedIds, APartOfAnEditedPuzzleIsNotTakenBack) {
  auto puzzles = sky::parse(kRepeated, "in.txt");
  const std::string answers = solved(puzzles);
  EXPECT_EQ(answers.rfind("# input fnv1a64 ", 0), 0u) << answers;
  auto edited = puzzles;
  edited[2].clues[0] = 0;  // b loses a clue: still solved by the same grid, but another puzzle
  auto taken = sky::Facade::take_back(edited, "", answers, nursery::Ask{});
  EXPECT_TRUE(taken[0].has_value());
  EXPECT_TRUE(taken[1].has_value());
  EXPECT_FALSE(taken[2].has_value());
}

}  // namespace
