// The join's tuning at run time (tuning.hpp, JoinTuning): the machine's
// defaults and the NURSERY_JOIN_TUNING override.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

#include "queens/join.hpp"
#include "queens/tuning.hpp"

namespace nursery::queens {

namespace {

// The L2 cache's bytes: sysconf where the C library knows it, else the
// first CPU's level-2 cache in /sys; 0 where neither says.
std::size_t l2_bytes() {
#if defined(_SC_LEVEL2_CACHE_SIZE)
  const long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
  if (bytes > 0) return static_cast<std::size_t>(bytes);
#endif
  for (int index = 0; index < 8; ++index) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    std::ifstream level(dir + "/level"), type(dir + "/type"), size(dir + "/size");
    int l = 0;
    std::string t, s;
    if (!(level >> l) || !(type >> t) || !(size >> s)) continue;
    if (l != 2 || t == "Instruction") continue;
    char* end = nullptr;
    const unsigned long long value = std::strtoull(s.c_str(), &end, 10);
    const std::string_view unit(end);
    if (unit == "K") return value << 10;
    if (unit == "M") return value << 20;
    if (unit.empty()) return value;
  }
  return 0;
}

bool number(std::string_view text, unsigned long long& value) {
  if (text.empty() || text.size() > 12) return false;
  value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<unsigned>(c - '0');
  }
  return true;
}

}  // namespace

JoinTuning machine_join_tuning() {
  JoinTuning tuning;
  // Between 256 KiB and 64 MiB: a size outside is a misreport.
  const std::size_t l2 = l2_bytes();
  if (l2 >= (std::size_t{256} << 10) && l2 <= (std::size_t{64} << 20)) tuning.piece_bytes = l2;
  return tuning;
}

JoinTuning parse_join_tuning(const char* text, JoinTuning base, std::string* errors) {
  if (text == nullptr) return base;
  auto complain = [&](std::string_view item, const char* why) {
    if (errors != nullptr)
      *errors += "NURSERY_JOIN_TUNING: '" + std::string(item) + "' ignored (" + why + ")\n";
  };
  std::string_view rest(text);
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    if (item.empty()) continue;
    const std::size_t equals = item.find('=');
    unsigned long long value = 0;
    if (equals == std::string_view::npos || !number(item.substr(equals + 1), value)) {
      complain(item, "expected name=number");
      continue;
    }
    const std::string_view name = item.substr(0, equals);
    if (name == "piece_kib") {
      if (value < 16 || value > (1u << 20)) {
        complain(item, "piece_kib is 16..1048576");
        continue;
      }
      base.piece_bytes = static_cast<std::size_t>(value) << 10;
    } else if (name == "pieces_per_worker") {
      if (value < 1 || value > 100000) {
        complain(item, "pieces_per_worker is 1..100000");
        continue;
      }
      base.pieces_per_worker = static_cast<std::size_t>(value);
    } else if (name == "sorted_bits") {
      if (value < 2 || value > 2 * kMaxRadixBits || value % 2 != 0) {
        complain(item, "sorted_bits is even, 2..24");
        continue;
      }
      base.sorted_bits = static_cast<int>(value);
    } else if (name == "quarter_rows") {
      if (value > join_detail::kMaxQuarterRows) {
        complain(item, "quarter_rows is 0..10");
        continue;
      }
      base.quarter_rows = static_cast<int>(value);
    } else if (name == "quarter_mib") {
      if (value > (1u << 20)) {
        complain(item, "quarter_mib is 0..1048576");
        continue;
      }
      base.quarter_bytes = static_cast<std::size_t>(value) << 20;
    } else {
      complain(item, "names: piece_kib, pieces_per_worker, sorted_bits, quarter_rows, quarter_mib");
    }
  }
  return base;
}

const JoinTuning& join_tuning() {
  static const JoinTuning tuning = [] {
    std::string errors;
    const JoinTuning parsed =
        parse_join_tuning(std::getenv("NURSERY_JOIN_TUNING"), machine_join_tuning(), &errors);
    if (!errors.empty()) std::fputs(errors.c_str(), stderr);
    return parsed;
  }();
  return tuning;
}

}  // namespace nursery::queens
