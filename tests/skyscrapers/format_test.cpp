// The three input forms round-trip, and Tatham's game IDs of the corpus
// describe the same puzzles as its line format.
#include <gtest/gtest.h>

#include <map>

#include "input_error.hpp"
#include "support.hpp"

namespace {

std::vector<sky::Puzzle> whole_corpus() {
  std::vector<sky::Puzzle> all;
  for (const char* file : {"codewars.txt", "tatham_unreasonable_4.txt", "tatham_unreasonable_5.txt",
                           "tatham_unreasonable_6.txt", "tatham_unreasonable_7.txt",
                           "tatham_unreasonable_8.txt", "tatham_unreasonable_9.txt"})
    for (auto& puzzle : load(file)) all.push_back(std::move(puzzle));
  return all;
}

TEST(Format, CorpusHasEveryPuzzle) {
  EXPECT_EQ(whole_corpus().size(), 59u + 5 * 50 + 25);
}

TEST(Format, LineFormatRoundTrips) {
  for (const auto& puzzle : whole_corpus()) {
    auto again = sky::parse(sky::format_instance(puzzle, sky::Form::line) + "\n", "again");
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0].id, puzzle.id);
    EXPECT_EQ(again[0].clues, puzzle.clues);
    EXPECT_EQ(again[0].givens, puzzle.givens);
    EXPECT_EQ(again[0].solution, puzzle.solution);
    EXPECT_EQ(again[0].info, puzzle.info);
  }
}

// LF, CRLF and lone CR line ends read alike, in every form: no puzzle is
// lost into another one's line (issue 11, item 2).
TEST(Format, EveryLineEndReadsAlike) {
  auto corpus = load("tatham_unreasonable_5.txt");
  std::vector<sky::Puzzle> three(corpus.begin(), corpus.begin() + 3);
  std::string lines, ids, grids;
  for (const auto& puzzle : three) {
    lines += sky::format_instance(puzzle, sky::Form::line) + "\n";
    ids += puzzle.id + " " + sky::format_instance(puzzle, sky::Form::game_id) + "\n";
    grids += "# " + puzzle.id + "\n" + sky::format_instance(puzzle, sky::Form::grid) + "\n\n";
  }
  auto with = [](std::string text, const std::string& end) {
    std::string out;
    for (char c : text) {
      if (c == '\n')
        out += end;
      else
        out += c;
    }
    return out;
  };
  for (const std::string& text : {lines, ids, grids})
    for (const char* end : {"\n", "\r\n", "\r"}) {
      auto read = sky::parse(with(text, end), "ends");
      ASSERT_EQ(read.size(), 3u) << "line end " << (end[0] == '\r' ? (end[1] ? "CRLF" : "CR") : "LF");
      for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(read[i].id, three[i].id);
        EXPECT_EQ(read[i].clues, three[i].clues);
      }
    }
}

// The line format is recognised by its fields, whatever its info field
// holds (a "9:x" there once made it read as a game ID); a file of border
// lines only holds no puzzle and says so (issue 11, item 5).
TEST(Format, TheLineFormatWinsOverAGameIdInItsInfo) {
  auto corpus = load("codewars.txt");
  auto line = sky::format_instance(corpus[0], sky::Form::line) + " note 9:x";
  auto read = sky::parse(line + "\n", "info");
  ASSERT_EQ(read.size(), 1u);
  EXPECT_EQ(read[0].clues, corpus[0].clues);
  EXPECT_EQ(sky::sniff(line), nursery::Sniff::yes);
  try {
    sky::parse("+---+\n+---+\n", "borders");
    ADD_FAILURE() << "border lines alone were read as puzzles";
  } catch (const nursery::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("borders:1: expected at least one puzzle"),
              std::string::npos)
        << e.what();
  }
}

TEST(Format, GameIdsRoundTrip) {
  for (const auto& puzzle : whole_corpus()) {
    auto id = sky::format_instance(puzzle, sky::Form::game_id);
    auto again = sky::parse_game_id(id, "test");
    EXPECT_EQ(again.clues, puzzle.clues) << id;
    bool any = std::any_of(puzzle.givens.begin(), puzzle.givens.end(), [](int v) { return v; });
    if (any)
      EXPECT_EQ(again.givens, puzzle.givens) << id;
    else
      EXPECT_TRUE(again.givens.empty()) << id;
  }
}

// A grid longer than n x n is refused, whether the extra cells are a run
// or givens (a given past the last cell was once dropped in silence).
TEST(Format, AGameIdGridTooLongIsRefused) {
  for (const char* id : {"4:///////////////,pa", "4:///////////////,p1",
                         "4:///////////////,1_2_3_4_2_1_4_3_3_4_1_2_4_3_2_1_1_1_1_1"}) {
    try {
      (void)sky::parse_game_id(id, "test");
      ADD_FAILURE() << id << ": accepted";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find("a grid of 16 cells"), std::string::npos)
          << id << ": " << e.what();
    }
  }
  EXPECT_EQ(
      sky::parse_game_id("4:///////////////,1_2_3_4_2_1_4_3_3_4_1_2_4_3_2_1", "test").givens.size(),
      16u);
}

// game_ids.tsv was written by other hands: the same puzzles, Tatham's order.
TEST(Format, CorpusGameIdsMatchTheLineFormat) {
  std::map<std::string, sky::Puzzle> by_id;
  for (auto& puzzle : whole_corpus()) by_id[puzzle.id] = puzzle;
  auto from_ids = load("game_ids.tsv");
  EXPECT_GT(from_ids.size(), 300u);
  for (const auto& puzzle : from_ids) {
    auto it = by_id.find(puzzle.id);
    ASSERT_NE(it, by_id.end()) << puzzle.id;
    EXPECT_EQ(puzzle.clues, it->second.clues) << puzzle.id;
    auto givens = it->second.givens;
    if (std::none_of(givens.begin(), givens.end(), [](int v) { return v; })) givens.clear();
    EXPECT_EQ(puzzle.givens, givens) << puzzle.id;
    EXPECT_EQ(sky::format_instance(it->second, sky::Form::game_id), sky::format_instance(puzzle, sky::Form::game_id)) << puzzle.id;
  }
}

TEST(Format, GridFormRoundTrips) {
  std::string text;
  auto corpus = whole_corpus();
  for (const auto& puzzle : corpus)
    text += "# " + puzzle.id + "\n" + sky::format_instance(puzzle, sky::Form::grid) + "\n";
  auto again = sky::parse(text, "grids");
  ASSERT_EQ(again.size(), corpus.size());
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    EXPECT_EQ(again[i].id, corpus[i].id);
    EXPECT_EQ(again[i].clues, corpus[i].clues);
    auto givens = corpus[i].givens;
    if (std::none_of(givens.begin(), givens.end(), [](int v) { return v; })) givens.clear();
    EXPECT_EQ(again[i].givens, givens) << corpus[i].id;
  }
}

TEST(Format, GridFormLooksLikeThis) {
  auto puzzle = sky::parse_game_id("4:2/2/1/3/1/3/3/2/2/2/3/1/2/3/1/2,c1a4b2e2a", "test");
  EXPECT_EQ(sky::format_instance(puzzle, sky::Form::grid),
            "    2 2 1 3\n"
            "  +---------+\n"
            "2 | . . . 1 | 2\n"
            "2 | . 4 . . | 3\n"
            "3 | 2 . . . | 1\n"
            "1 | . . 2 . | 2\n"
            "  +---------+\n"
            "    1 3 3 2\n");
  // The clue ring in its clockwise positions.
  std::string drawn = sky::format_instance(puzzle, sky::Form::grid);
  auto again = sky::parse(drawn, "drawn");
  EXPECT_EQ(again[0].clues, puzzle.clues);
  // Borders are optional for people typing a puzzle.
  auto typed = sky::parse(
      "  . 1 . .\n. . . . . .\n. . . . . 2\n. . . . . .\n3 . . . . .\n  . . . .\n", "typed");
  ASSERT_EQ(typed.size(), 1u);
  EXPECT_EQ(typed[0].clues[1], 1);
  EXPECT_EQ(typed[0].clues[5], 2);
  EXPECT_EQ(typed[0].clues[12], 3);
}

TEST(Format, GameIdClueOrderIsTathams) {
  // top 1 2 . ., bottom 3 . . ., left . . . 4, right . . 2 .
  auto puzzle = sky::parse_game_id("4:1/2///3///////4///2/", "test");
  std::vector<int> clockwise = {1,
                                2,
                                0,
                                0,
                                /*right*/ 0,
                                0,
                                2,
                                0,
                                /*bottom, right to left*/ 0,
                                0,
                                0,
                                3,
                                /*left, bottom to top*/ 4,
                                0,
                                0,
                                0};
  EXPECT_EQ(puzzle.clues, clockwise);
}

std::string error_of(const std::string& text) {
  return nursery::testing::input_error_text([&] { sky::parse(text, "bad.txt"); });
}

TEST(Format, MalformedInputsSayWhereAndWhat) {
  const std::string ok = "p 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 - -\n";
  EXPECT_EQ(error_of(ok), "no error");
  EXPECT_EQ(error_of("# c\np 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0 - -\n"),
            "bad.txt:2: expected 16 comma-separated clues, found 15 in "
            "'0,0,1,2,0,2,0,0,0,3,0,0,0,1,0'");
  EXPECT_EQ(error_of(ok + "q 4 0,0,1,2,0,2,0,0,0,3,0,0,0,5,0,0 - -\n"),
            "bad.txt:2: expected clue 14 from 0 to 4, found '5'");
  EXPECT_EQ(error_of("p 4 0,0,1,2,0,2,0,0,0,3,0,0,0,x,0,0 - -\n"),
            "bad.txt:1: expected clue 14 from 0 to 4, found 'x'");
  EXPECT_EQ(error_of("p 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 0000500000000000 -\n"),
            "bad.txt:1: expected givens digits 0..4, found '5' at cell 5");
  EXPECT_EQ(error_of("p 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 000 -\n"),
            "bad.txt:1: expected givens as 16 digits 0..4 or '-', found 3 characters");
  EXPECT_EQ(error_of("p 12 0,0 - -\n").substr(0, 52),
            "bad.txt:1: expected a grid size from 1 to 9, found '");
  EXPECT_NE(error_of("4:1/2/3\n").find("bad.txt:1: expected 16 clues separated by '/'"),
            std::string::npos);
  EXPECT_NE(error_of("4:////////////////,c1a4b2e2a\n").find("bad.txt:1: expected 16 clues"),
            std::string::npos);
  EXPECT_NE(error_of("4:///////////////,c1a4b2e2\n").find("expected a grid of 16 cells"),
            std::string::npos);
  EXPECT_NE(error_of("4:///////////////,c1a9b2e2a\n").find("found '9'"), std::string::npos);
  EXPECT_NE(error_of("  . 1 . .\n. . . . . .\n. . 7 . . 2\n. . . . . .\n3 . . . . .\n  . . . .\n")
                .find("bad.txt:3: expected a height 1..4 or '.', found '7'"),
            std::string::npos);
  EXPECT_NE(
      error_of("  . 1 . .\n. . . . . .\n. . . . . 2\n3 . . . . .\n  . . . .\n").find("bad.txt:"),
      std::string::npos);
  EXPECT_EQ(error_of("# nothing\n"), "bad.txt:1: expected at least one puzzle, found none");
  EXPECT_EQ(error_of("p 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 -\n"),
            "bad.txt:1: expected 5 fields (id N clues givens solution), found 4 in "
            "'p 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 -'");
}

}  // namespace
