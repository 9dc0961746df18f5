// nursery verify's check, written once for every kind: the kind table
// (kinds.cpp) picks the checker, as it picks batch's solver. The files are
// read by the caller (the CLI: apps/cli/verify_files.cpp), bounded by
// verify_kind's size limit.
#include "batch/internal.hpp"

namespace nursery::batch {

namespace {

// The head a kind is told by: the first 64 KiB, as verify_kind is given.
constexpr std::size_t kVerifyHead = 64 * 1024;

const KindEntry& kind_of(std::string_view head, const std::string& input) {
  std::string why;
  const KindEntry* kind = detect(head.substr(0, kVerifyHead), why);
  if (kind == nullptr)
    throw InputError(input + ":1", "a lizards board, a 'queens N' file or Skyscrapers puzzles",
                     why);
  return *kind;
}

}  // namespace

VerifyKind verify_kind(std::string_view head, const std::string& input) {
  const KindEntry& kind = kind_of(head, input);
  return VerifyKind{kind.name, kind.size_limit};
}

std::optional<std::vector<Checked>> verify_texts(std::string_view input, std::string_view answer,
                                                 const std::string& input_name,
                                                 const std::string& answer_name,
                                                 const Budget& budget, Progress* progress,
                                                 const VerifyAsk& ask) {
  const KindEntry& kind = kind_of(input, input_name);
  if (ask.at_least_p && std::string_view(kind.name) != "lizards")
    throw std::invalid_argument("--at-least: only for a lizards board");
  return kind.verify_answers(input, answer, input_name, answer_name, budget, progress, ask);
}

}  // namespace nursery::batch
