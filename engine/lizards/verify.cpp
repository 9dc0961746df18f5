// The independent checker: it shares no code with the solver (its own
// reading of both files, its own line scans), so a bug in the segment model
// cannot hide itself. It walks every row, column, diagonal and
// anti-diagonal once, remembering whether a lizard has been seen since the
// last tree.
#include <string>
#include <vector>

#include "nursery/lizards.hpp"

namespace nursery::lizards {

namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = i;
    while (j < text.size() && text[j] != '\n' && text[j] != '\r') ++j;
    lines.push_back(text.substr(i, j - i));
    if (j < text.size() && text[j] == '\r' && j + 1 < text.size() && text[j + 1] == '\n') ++j;
    i = j + 1;
  }
  return lines;
}

std::string_view strip(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool to_number(std::string_view s, std::uint64_t& value) {
  if (s.empty() || s.size() > 18) return false;
  value = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return true;
}

Verification invalid(std::string reason) {
  return {false, std::move(reason)};
}

}  // namespace

Verification verify_answer(std::string_view input, std::string_view output) {
  auto in = split_lines(input);
  std::size_t at = 0;
  if (at < in.size()) {
    auto first = strip(in[at]);
    if (first == "DFS" || first == "BFS" || first == "SA") ++at;
  }
  std::uint64_t n = 0, p = 0;
  if (at + 1 >= in.size() || !to_number(strip(in[at]), n) || !to_number(strip(in[at + 1]), p) ||
      n == 0 || n > 65535)
    return invalid("input: cannot read n and p");
  at += 2;
  if (in.size() < at + n) return invalid("input: fewer than n rows");
  std::vector<char> grid(n * n);
  for (std::uint64_t r = 0; r < n; ++r) {
    auto row = strip(in[at + r]);
    if (row.size() != n) return invalid("input: row " + std::to_string(r + 1) + " is not n long");
    for (std::uint64_t c = 0; c < n; ++c) {
      if (row[c] != '0' && row[c] != '2')
        return invalid("input: row " + std::to_string(r + 1) + " has a character other than 0/2");
      grid[r * n + c] = row[c];
    }
  }

  auto out = split_lines(output);
  while (!out.empty() && strip(out.back()).empty()) out.pop_back();
  if (out.empty()) return invalid("output is empty");
  auto verdict = strip(out[0]);
  if (verdict == "FAIL") {
    if (out.size() != 1) return invalid("FAIL followed by more lines");
    // Infeasibility itself is not checkable in general; the plain counts are.
    std::uint64_t empty = 0;
    for (char c : grid) empty += c == '0';
    if (p > empty)
      return {true, "FAIL, and p = " + std::to_string(p) + " exceeds the " + std::to_string(empty) +
                        " empty cells"};
    return {true, "FAIL claimed; infeasibility cannot be checked independently"};
  }
  if (verdict != "OK") return invalid("first line is neither OK nor FAIL");
  if (out.size() != n + 1)
    return invalid("expected " + std::to_string(n) + " rows after OK, found " +
                   std::to_string(out.size() - 1));
  std::uint64_t lizards = 0;
  for (std::uint64_t r = 0; r < n; ++r) {
    auto row = out[1 + r];
    if (row.size() != n) return invalid("answer row " + std::to_string(r + 1) + " is not n long");
    for (std::uint64_t c = 0; c < n; ++c) {
      char want = grid[r * n + c];
      char got = row[c];
      std::string where = " at row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1);
      if (want == '2' && got != '2') return invalid("a tree is missing" + where);
      if (want == '0' && got == '2') return invalid("a tree was added" + where);
      if (got != '0' && got != '1' && got != '2') return invalid("unexpected character" + where);
      if (got == '1') {
        ++lizards;
        grid[r * n + c] = '1';
      }
    }
  }
  if (lizards != p)
    return invalid("expected " + std::to_string(p) + " lizards, found " + std::to_string(lizards));

  // Walk a line from (r, c) by (dr, dc): a lizard after a lizard with no
  // tree between them is a pair that sees each other.
  auto walk = [&](std::int64_t r, std::int64_t c, std::int64_t dr, std::int64_t dc,
                  std::string& why) {
    bool seen = false;
    std::int64_t last_r = 0, last_c = 0;
    const auto side = static_cast<std::int64_t>(n);
    for (; r >= 0 && c >= 0 && r < side && c < side; r += dr, c += dc) {
      char v = grid[r * n + c];
      if (v == '2') {
        seen = false;
      } else if (v == '1') {
        if (seen) {
          why = "lizards at (" + std::to_string(last_r + 1) + "," + std::to_string(last_c + 1) +
                ") and (" + std::to_string(r + 1) + "," + std::to_string(c + 1) +
                ") see each other";
          return false;
        }
        seen = true;
        last_r = r;
        last_c = c;
      }
    }
    return true;
  };
  std::string why;
  const auto side = static_cast<std::int64_t>(n);
  for (std::int64_t i = 0; i < side; ++i) {
    if (!walk(i, 0, 0, 1, why) || !walk(0, i, 1, 0, why)) return invalid(why);
    if (!walk(0, i, 1, 1, why) || !walk(i, 0, 1, 1, why)) return invalid(why);
    if (!walk(0, i, 1, -1, why) || !walk(i, side - 1, 1, -1, why)) return invalid(why);
  }
  return {true, "OK with " + std::to_string(p) + " lizards, none seeing another"};
}

}  // namespace nursery::lizards
