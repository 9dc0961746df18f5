// A puzzle kind as every generic driver sees it (batch, batch --mpi,
// verify, draw): its files, its one verb that answers, its answers as text
// and their independent check. Each kind's header declares one Facade type
// that satisfies PuzzleKind (checked by a static_assert beside it); the
// drivers are written once against the concept, never against a kind, and
// fold over the registry's list of kinds (nursery/registry.hpp).
//
// A new kind (docs/design.md, "A new kind"): its folder and header, a
// Facade that satisfies PuzzleKind, one line in the registry; the
// conformance suite (tests/kinds/) is its proof.
#pragma once

#include <concepts>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nursery/budget.hpp"
#include "nursery/input.hpp"
#include "nursery/progress.hpp"
#include "nursery/report.hpp"

namespace nursery {

// What a driver asks of one puzzle.
struct Ask {
  bool count = false;    // count every solution (0 is a count) instead of finding one
  unsigned threads = 0;  // the puzzle's own workers (0: nest in the caller's pool)
  Budget budget;         // the stop and the deadline
};

// How a puzzle is named in a report.
struct Label {
  std::string id;     // its id inside a file of several (empty: one a file)
  std::string size;   // "8x8 p=8", "n=12", "6x6"
  std::string where;  // "file:line" where it starts (empty: the file)
};

// An answer read back from a file: what it says, once the kind has checked
// it (a placement by its verifier, a count by a published table).
struct Taken {
  Report report;          // verdict ok or fail; count when counted
  bool verified = false;  // the kind's checker vouched for it
  std::string note;       // why it could not be checked (a count without a table)
  std::string text;       // the puzzle's part of the answer file, as it stands
};

// What nursery verify is asked to accept beyond the plain answer.
struct VerifyAsk {
  bool at_least_p = false;  // lizards: p or more safe lizards answer p (a --max placement)
};

// One puzzle's answer checked (nursery verify): the puzzle's id (empty:
// the file holds one) and the checker's word.
struct Checked {
  std::string id;
  Verification verification;
};

template <class K>
concept PuzzleKind = requires(std::string_view text, const std::string& name,
                              const typename K::Puzzle& puzzle,
                              const std::vector<typename K::Puzzle>& puzzles, const Ask& ask,
                              const typename K::Answer& answer, const Budget& budget,
                              Progress* progress, const VerifyAsk& verify_ask) {
  { K::name } -> std::convertible_to<std::string_view>;
  // How messages name it: what one of its files holds ("a lizards board"),
  // and the mark its files are known by ("DFS/BFS/SA line"), for "not an
  // instance (no DFS/BFS/SA line, no ...)".
  { K::described } -> std::convertible_to<std::string_view>;
  { K::known_by } -> std::convertible_to<std::string_view>;
  // Its answer to an input.txt goes to output.txt beside it (the homework's way).
  { K::homework_names } -> std::convertible_to<bool>;
  // Is this text mine? From the file's first 4 KiB.
  { K::sniff(text) } -> std::same_as<Sniff>;
  // Every puzzle of a file; InputError "name:line: expected ..., found ...".
  { K::read(text, name) } -> std::same_as<std::vector<typename K::Puzzle>>;
  { K::label(puzzle) } -> std::same_as<Label>;
  // The one verb that answers: a solution, a proof of none, or the count.
  // std::invalid_argument when the puzzle is out of the kind's reach.
  { K::answer(puzzle, ask) } -> std::same_as<typename K::Answer>;
  requires std::derived_from<typename K::Answer, Report>;
  // The answer as the puzzle's part of its answer file: decided (verdict
  // ok or fail, or a count) ...
  { K::write(puzzle, answer, ask) } -> std::same_as<std::string>;
  // ... or not ("timeout", "error"): what the file says instead (may be empty).
  { K::write_none(puzzle, text) } -> std::same_as<std::string>;
  // The independent checker (shares no code with the solver) on an answer
  // text, given the input text; nothing when `budget` was spent first.
  { K::check(puzzle, text, text, budget) } -> std::same_as<std::optional<Verification>>;
  // Every puzzle of an input text checked against an answer file, both
  // named for messages; nothing when `budget` was spent first. `progress`
  // (may be null) counts what was checked, for a bar. Answers of puzzles
  // that share an id go by order: the k-th answer of an id to its k-th puzzle.
  {
    K::verify_answers(text, text, name, name, budget, progress, verify_ask)
    } -> std::same_as<std::optional<std::vector<Checked>>>;
  // An existing answer file read back: each puzzle's answer where it holds
  // one written for the puzzle as it is now (its content hash, nursery/
  // stamp.hpp) that checks, `verified` when a checker vouched for it (else
  // `note` says why not); nothing for a puzzle to solve again. Given the
  // input text and the answer file's.
  { K::take_back(puzzles, text, text, ask) } -> std::same_as<std::vector<std::optional<Taken>>>;
};

// Optional: the most bytes a file can hold, from its head (0: no bound;
// InputError when the head already rules the file out).
template <class K>
concept SizedKind = PuzzleKind<K> && requires(std::string_view head, const std::string& name) {
  { K::size_limit(head, name) } -> std::same_as<std::uint64_t>;
};

// Optional: nursery verify --at-least (VerifyAsk::at_least_p) means
// something for its answers.
template <class K>
concept AtLeastKind = PuzzleKind<K> && K::verifies_at_least;

// The registry's rule over what every kind's sniff said of one text, in
// the registry's order: the most confident wins, the earlier on a tie;
// said.size() when every kind said no.
constexpr std::size_t most_confident(std::span<const Sniff> said) {
  std::size_t best = said.size();
  Sniff confidence = Sniff::no;
  for (std::size_t i = 0; i < said.size(); ++i)
    if (said[i] > confidence) {
      best = i;
      confidence = said[i];
    }
  return best;
}

// Names as a message lists them: "a", "a or b", "a, b or c".
inline std::string one_of(std::span<const std::string_view> names, std::string_view last = " or ") {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? last : std::string_view(", ");
    text += names[i];
  }
  return text;
}

// Why no kind claims a text: "not an instance (no 'queens N', no DFS/BFS/SA
// line, no Skyscrapers puzzle)", from every kind's known_by.
inline std::string not_an_instance(std::span<const std::string_view> marks) {
  std::string why = "not an instance (";
  for (std::size_t i = 0; i < marks.size(); ++i) (why += i > 0 ? ", no " : "no ") += marks[i];
  return why + ")";
}

}  // namespace nursery
