// The kind table: every kind batch knows, asked in turn whether a text is
// theirs; the most confident wins, the earlier in the table on a tie.
#include <array>

#include "batch/internal.hpp"

namespace nursery::batch {

const KindEntry* detect(std::string_view head, std::string& why) {
  if (!plain_text(head, why)) return nullptr;
  static constexpr std::array<const KindEntry*, 3> kKinds = {&kLizards, &kQueens, &kSkyscrapers};
  const KindEntry* best = nullptr;
  Sniff confidence = Sniff::no;
  for (const KindEntry* kind : kKinds) {
    Sniff said = kind->sniff(head);
    if (said > confidence) {
      best = kind;
      confidence = said;
    }
  }
  if (best == nullptr)
    why = "not an instance (no DFS/BFS/SA line, no 'queens N', no Skyscrapers puzzle)";
  return best;
}

std::string detect_kind(std::string_view head, std::string& why) {
  const KindEntry* kind = detect(head, why);
  return kind != nullptr ? kind->name : "";
}

Status from_scheduler(Status solved, nursery::Status status, const StopSource& stop) {
  bool decided = status == nursery::Status::complete || status == nursery::Status::solved ||
                 status == nursery::Status::limit;
  if (!decided && stop.requested()) return Status::pending;
  if (status == nursery::Status::timeout) return Status::timeout;
  if (status == nursery::Status::cancelled) return Status::pending;
  return solved;
}

std::optional<Count> read_count(std::string_view text) {
  auto lines = meaningful_lines(text, 2);
  if (lines.size() != 1 || !all_digits(lines[0])) return {};
  return parse_count(std::string(lines[0]));
}

bool resume_count(Row& row, std::string_view answer) {
  auto count = read_count(answer);
  if (!count) return false;
  row.count = count;
  row.status = Status::ok;  // 0 is a count too
  return true;
}

}  // namespace nursery::batch
