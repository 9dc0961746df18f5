// batch --resume's answer readers (each kind's take_back) on any bytes as
// the answer file, against fixed puzzles, finding and counting: a verdict,
// never a crash. Properties: nothing is taken back from a text without the
// puzzle's hash line (the lizards decision, checked whole, aside); what is
// taken back as verified is an answer the kind's checker accepts; what is
// taken back unverified says why. Every kind of the registry is fuzzed,
// each against its own fixed puzzles (Fixture below).
#include <cstddef>
#include <cstdint>
#include <nursery/lizards.hpp>
#include <nursery/queens.hpp>
#include <nursery/registry.hpp>
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

namespace lz = nursery::lizards;
namespace sky = nursery::skyscrapers;
namespace q = nursery::queens;

// Each registered kind's fixed puzzles: the file's text, its puzzles, and
// the hash line its writer puts above puzzle `which`'s answer. A kind added
// to the registry (nursery::Kinds) needs one here, or this does not build.
template <class K>
struct Fixture;

template <>
struct Fixture<q::Facade> {
  static constexpr const char* kText = "queens 5\n";
  static const std::vector<q::Facade::Puzzle>& puzzles() {
    static const std::vector<q::Facade::Puzzle> kQueens = {5};
    return kQueens;
  }
  static std::string stamp(std::size_t) {
    return nursery::stamp_line(nursery::ContentHash().add("queens 5"));
  }
};

template <>
struct Fixture<lz::Facade> {
  static constexpr const char* kText = "DFS\n4\n2\n0000\n0200\n0000\n0000\n";
  static const std::vector<lz::Board>& puzzles() {
    static const std::vector<lz::Board> kBoards = {lz::parse(kText, "board")};
    return kBoards;
  }
  // The board's hash: n, p and its cells (0 or 2 a byte).
  static std::string stamp(std::size_t) {
    std::string cells(16, '\0');
    cells[5] = 2;
    return nursery::stamp_line(nursery::ContentHash().add("lizards 4 2\n").add(cells));
  }
};

template <>
struct Fixture<sky::Facade> {
  static constexpr const char* kText =
      "a 4 2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3 - -\n"
      "a 4 0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0 - -\n"
      "u 4 4,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1 - -\n";
  static const std::vector<sky::Puzzle>& puzzles() {
    static const auto kPuzzles = sky::parse(kText, "puzzles");
    return kPuzzles;
  }
  static std::string stamp(std::size_t which) {
    const auto& all = puzzles();
    return nursery::stamp_line(
        nursery::ContentHash().add(sky::format_instance(all[which % all.size()], sky::Form::line)));
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using Kinds = nursery::Kinds;
  std::string answer(reinterpret_cast<const char*>(data), size);
  // The first byte may put the hash line of one of the kinds' puzzles in
  // front (or before a part), so the checks past it are reached too.
  if (size > 0) {
    answer.erase(0, 1);
    const std::size_t choice = data[0] % (Kinds::size + 1);  // size: none
    Kinds::visit(choice, [&]<class K>() {
      answer = Fixture<K>::stamp(data[0] / (Kinds::size + 1)) + answer;
    });
  }
  const bool hashed = answer.find(nursery::kStampPrefix) != std::string::npos;
  Kinds::for_each(
      [&]<class K>() { take_back<K>(Fixture<K>::puzzles(), Fixture<K>::kText, answer, hashed); });
  return 0;
}
