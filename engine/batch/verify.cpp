// nursery verify's check, written once for every kind: the kind table
// (registry.cpp) picks the checker, as it picks batch's solver. The files
// are read by the caller (the CLI: apps/cli/verify_files.cpp), bounded by
// verify_kind's size limit.
#include "batch/internal.hpp"

namespace nursery::batch {

namespace {

// The head a kind is told by: the first 64 KiB, as verify_kind is given.
constexpr std::size_t kVerifyHead = 64 * 1024;

const KindEntry& kind_of(std::string_view head, const std::string& input, KindTable kinds) {
  if (kinds.empty()) kinds = registered_kinds();
  std::string why;
  const KindEntry* kind = detect(kinds, head.substr(0, kVerifyHead), why);
  if (kind == nullptr) throw InputError(input + ":1", described(kinds), why);
  return *kind;
}

}  // namespace

VerifyKind verify_kind(std::string_view head, const std::string& input, KindTable kinds) {
  if (kinds.empty()) kinds = registered_kinds();
  const KindEntry& kind = kind_of(head, input, kinds);
  return VerifyKind{kind.name, kind.verifies_at_least,
                    described(kinds, [](const KindEntry& each) { return each.verifies_at_least; }),
                    kind.size_limit};
}

std::optional<std::vector<Checked>> verify_texts(std::string_view input, std::string_view answer,
                                                 const std::string& input_name,
                                                 const std::string& answer_name,
                                                 const Budget& budget, Progress* progress,
                                                 const VerifyAsk& ask, KindTable kinds) {
  const KindEntry& kind = kind_of(input, input_name, kinds);
  if (ask.at_least_p && !kind.verifies_at_least)
    throw std::invalid_argument(std::string("--at-least: not for ") + kind.name);
  return kind.verify_answers(input, answer, input_name, answer_name, budget, progress, ask);
}

}  // namespace nursery::batch
