// The registry's kind table (nursery/registry.hpp: Kinds) and the one
// decision which kind a text is: each kind's sniff says how sure it is of
// its own format, most_confident weighs them.
#include <vector>

#include "batch/kinds.hpp"

namespace nursery::batch {

KindTable registered_kinds() {
  return kinds_of<Kinds>();
}

std::string described(KindTable kinds, bool (*keep)(const KindEntry&)) {
  std::vector<std::string_view> names;
  for (const KindEntry* kind : kinds)
    if (keep == nullptr || keep(*kind)) names.emplace_back(kind->described);
  return one_of(names);
}

const KindEntry* detect(KindTable kinds, std::string_view head, std::string& why) {
  if (kinds.empty()) kinds = registered_kinds();
  if (!plain_text(head, why)) return nullptr;
  std::vector<Sniff> said;
  said.reserve(kinds.size());
  for (const KindEntry* kind : kinds) said.push_back(kind->sniff(head));
  const std::size_t best = most_confident(said);
  if (best < kinds.size()) return kinds[best];
  std::vector<std::string_view> marks;
  for (const KindEntry* kind : kinds) marks.emplace_back(kind->known_by);
  why = not_an_instance(marks);
  return nullptr;
}

std::string detect_kind(std::string_view head, std::string& why, KindTable kinds) {
  const KindEntry* kind = detect(kinds, head, why);
  return kind != nullptr ? kind->name : "";
}

}  // namespace nursery::batch
