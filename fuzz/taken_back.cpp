// batch --resume's answer readers (each kind's take_back) on any bytes as
// the answer file, against fixed puzzles, finding and counting: a verdict,
// never a crash. Properties: nothing is taken back from a text without the
// puzzle's hash line (the lizards decision, checked whole, aside); what is
// taken back as verified is an answer the kind's checker accepts; what is
// taken back unverified says why.
#include <cstddef>
#include <cstdint>
#include <nursery/lizards.hpp>
#include <nursery/queens.hpp>
#include <nursery/skyscrapers.hpp>
#include <nursery/stamp.hpp>
#include <string>
#include <vector>

namespace {

template <class K>
void take_back(const std::vector<typename K::Puzzle>& puzzles, const std::string& input,
               const std::string& answer, bool hashed) {
  for (bool count : {false, true}) {
    nursery::Ask ask;
    ask.count = count;
    auto taken = K::take_back(puzzles, input, answer, ask);
    if (taken.size() != puzzles.size()) __builtin_trap();
    for (std::size_t i = 0; i < taken.size(); ++i) {
      if (!taken[i]) continue;
      const bool decision_in_homework_format =
          K::homework_names && !count && std::string_view(K::name) == "lizards";
      if (!hashed && !decision_in_homework_format) __builtin_trap();
      if (!taken[i]->verified && taken[i]->note.empty()) __builtin_trap();
      if (count && !taken[i]->report.count) __builtin_trap();
      if (!count && taken[i]->verified) {
        auto verdict = K::check(puzzles[i], input, taken[i]->text, nursery::Budget());
        if (!verdict || !verdict->valid) __builtin_trap();
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace lz = nursery::lizards;
  namespace sky = nursery::skyscrapers;
  namespace q = nursery::queens;
  static const std::string kBoard = "DFS\n4\n2\n0000\n0200\n0000\n0000\n";
  static const std::vector<lz::Board> kBoards = {lz::parse(kBoard, "board")};
  static const std::string kPuzzleText =
      "a 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - -\n"
      "a 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 - -\n"
      "u 4 4,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 - -\n";
  static const auto kPuzzles = sky::parse(kPuzzleText, "puzzles");
  static const std::vector<q::Facade::Puzzle> kQueens = {5};

  std::string answer(reinterpret_cast<const char*>(data), size);
  // The first byte may put the hash line of one of the puzzles in front (or
  // before a part), so the checks past it are reached too.
  if (size > 0) {
    answer.erase(0, 1);
    switch (data[0] % 4) {
      case 1:
        answer = nursery::stamp_line(nursery::ContentHash().add("queens 5")) + answer;
        break;
      case 2:
        answer = nursery::stamp_line(nursery::ContentHash().add(
                     sky::format_instance(kPuzzles[data[0] / 4 % 3], sky::Form::line))) +
                 answer;
        break;
      case 3: {  // the board's hash: n, p and its cells (0 or 2 a byte)
        std::string cells(16, '\0');
        cells[5] = 2;
        answer =
            nursery::stamp_line(nursery::ContentHash().add("lizards 4 2\n").add(cells)) + answer;
        break;
      }
      default:
        break;
    }
  }
  const bool hashed = answer.find(nursery::kStampPrefix) != std::string::npos;
  take_back<lz::Facade>(kBoards, kBoard, answer, hashed);
  take_back<sky::Facade>(kPuzzles, kPuzzleText, answer, hashed);
  take_back<q::Facade>(kQueens, "queens 5\n", answer, hashed);
  return 0;
}
