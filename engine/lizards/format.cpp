// The homework file format: parse with precise errors, print answers.
//
// Real homework files (see datasets/lizards/README.md) end lines with LF,
// CRLF or a lone CR, drop the final newline, pad lines with blanks, carry
// extra lines after the grid, or lack the algorithm line; all of those are
// accepted. Anything else is an error naming the line.
#include <charconv>
#include <cstring>
#include <limits>

#include "nursery/input.hpp"
#include "nursery/lizards.hpp"

namespace nursery::lizards {

const char* to_string(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::dfs:
      return "DFS";
    case Algorithm::bfs:
      return "BFS";
    case Algorithm::sa:
      return "SA";
  }
  return "?";
}

std::uint64_t Board::trees() const {
  std::uint64_t count = 0;
  for (auto cell : cells) count += cell == kTree;
  return count;
}

namespace {

// Largest board we index with 32-bit cell numbers.
constexpr std::uint64_t kMaxCells = std::numeric_limits<std::uint32_t>::max();

class LineReader {
 public:
  LineReader(std::string_view text, const std::string& name) : text_(text), name_(name) {}

  // The next line without its end; false at the end of the text.
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    std::size_t start = pos_;
    const char* base = text_.data();
    // memchr for the common LF case keeps huge grids fast; a CR before it
    // (CRLF, or a lone CR ending an earlier line) is handled below.
    const void* lf = std::memchr(base + start, '\n', text_.size() - start);
    std::size_t end = lf ? static_cast<const char*>(lf) - base : text_.size();
    const void* cr = std::memchr(base + start, '\r', end - start);
    if (cr) {
      std::size_t at = static_cast<const char*>(cr) - base;
      line = text_.substr(start, at - start);
      pos_ = (at + 1 < text_.size() && text_[at + 1] == '\n') ? at + 2 : at + 1;
    } else {
      line = text_.substr(start, end - start);
      pos_ = end + 1;
    }
    ++number_;
    return true;
  }
  std::size_t number() const { return number_; }

  [[noreturn]] void fail(std::size_t line, const std::string& expected,
                         const std::string& found) const {
    throw InputError(name_ + ":" + std::to_string(line), expected, found);
  }

 private:
  std::string_view text_;
  const std::string& name_;
  std::size_t pos_ = 0;
  std::size_t number_ = 0;
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_number(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// A strictly positive 32-bit integer ("positive 32-bit" of the format).
std::uint32_t positive(LineReader& reader, std::string_view line, const char* what) {
  std::string expected = std::string(what) + " as a positive 32-bit integer";
  if (!is_number(line)) reader.fail(reader.number(), expected, quoted(line));
  std::uint64_t value = 0;
  auto [ptr, ec] = std::from_chars(line.data(), line.data() + line.size(), value);
  if (ec != std::errc() || ptr != line.data() + line.size() || value == 0 ||
      value > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max()))
    reader.fail(reader.number(), expected, quoted(line));
  return static_cast<std::uint32_t>(value);
}

}  // namespace

std::uint64_t size_limit(std::string_view head, const std::string& name) {
  constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();
  if (head.find_first_of("\r\n") == std::string_view::npos && head.size() >= 4096)
    throw InputError(name + ":1", "DFS, BFS or SA", "a first line of more than 4096 bytes");
  LineReader reader(skip_byte_order_mark(head), name);
  std::string_view line;
  if (!reader.next(line)) return kNoLimit;
  line = trim(line);
  if (line == "DFS" || line == "BFS" || line == "SA") {
    if (!reader.next(line)) return kNoLimit;
    line = trim(line);
  }
  std::uint64_t n = 0;
  auto [ptr, ec] = std::from_chars(line.data(), line.data() + line.size(), n);
  if (ec != std::errc() || ptr != line.data() + line.size() || n == 0 || n > 65535) return kNoLimit;
  return 4096 + 4 * (n + 2) * (n + 2);
}

Board parse(std::string_view text, const std::string& name) {
  LineReader reader(skip_byte_order_mark(text), name);
  Board board;
  std::string_view line;

  if (!reader.next(line)) reader.fail(1, "DFS, BFS or SA", "an empty file");
  line = trim(line);
  bool algorithm_line = true;
  if (line == "DFS") {
    board.algorithm = Algorithm::dfs;
  } else if (line == "BFS") {
    board.algorithm = Algorithm::bfs;
  } else if (line == "SA") {
    board.algorithm = Algorithm::sa;
  } else if (is_number(line)) {
    // Some published files start at n; the homework's default search is DFS.
    board.algorithm = Algorithm::dfs;
    algorithm_line = false;
  } else {
    reader.fail(1, "DFS, BFS or SA", quoted(line));
  }

  if (algorithm_line && !reader.next(line)) reader.fail(2, "n", "the end of the file");
  board.n = positive(reader, trim(line), "n");
  if (!reader.next(line)) reader.fail(reader.number() + 1, "p", "the end of the file");
  board.p = positive(reader, trim(line), "p");

  const std::uint64_t n = board.n;
  if (n * n > kMaxCells)
    reader.fail(reader.number() - 1, "n at most 65535 (n*n cells must fit in memory and 32 bits)",
                std::to_string(n));
  // The grid must be in the text, so the text's size bounds the allocation;
  // a text too short for it only gets its rows checked, which fails on the
  // first missing or wrong row with that row's line number.
  bool fits = text.size() >= n * n;
  if (fits) board.cells.resize(n * n);
  std::uint8_t* out = board.cells.data();
  for (std::uint64_t r = 0; r < n; ++r) {
    if (!reader.next(line))
      reader.fail(reader.number() + 1, "row " + std::to_string(r + 1) + " of " + std::to_string(n),
                  "the end of the file");
    if (line.size() != n) line = trim(line);
    if (line.size() != n)
      reader.fail(reader.number(), "a row of " + std::to_string(n) + " cells",
                  std::to_string(line.size()) + " characters");
    // Branch-free copy and check: '0' -> 0, '2' -> 2; any other byte flags.
    unsigned bad = 0;
    if (fits) {
      for (std::uint64_t c = 0; c < n; ++c) {
        auto v = static_cast<std::uint8_t>(line[c] - '0');
        bad |= (v & ~2u);
        out[c] = v;
      }
      out += n;
    } else {
      for (std::uint64_t c = 0; c < n; ++c) bad |= static_cast<std::uint8_t>(line[c] - '0') & ~2u;
    }
    if (bad) {
      for (std::uint64_t c = 0; c < n; ++c)
        if (line[c] != '0' && line[c] != '2')
          reader.fail(reader.number(), "0 or 2 in column " + std::to_string(c + 1),
                      quoted(line.substr(c, 1)));
    }
  }
  // Lines after the grid (some files carry their own answer there) are ignored.
  return board;
}

namespace {

// Appends the board's n rows of '0' and '2' to `text`; returns the offset
// of its first cell (a lizard is marked by writing '1' over its cell).
std::size_t append_rows(const Board& board, std::string& text) {
  const std::size_t n = board.n;
  std::size_t head = text.size();
  text.resize(head + n * (n + 1));
  char* out = text.data() + head;
  for (std::size_t r = 0; r < n; ++r) {
    const std::uint8_t* row = board.cells.data() + r * n;
    for (std::size_t c = 0; c < n; ++c) out[c] = static_cast<char>('0' + row[c]);
    out[n] = '\n';
    out += n + 1;
  }
  return head;
}

}  // namespace

std::string format_instance(const Board& board) {
  std::string text = std::string(to_string(board.algorithm)) + "\n" + std::to_string(board.n) +
                     "\n" + std::to_string(board.p) + "\n";
  append_rows(board, text);
  return text;
}

std::string format(const Board& board, const Placement* placement) {
  if (placement == nullptr) return "FAIL\n";
  const std::size_t n = board.n;
  std::string text = "OK\n";
  std::size_t head = append_rows(board, text);
  for (auto cell : *placement) text[head + (cell / n) * (n + 1) + cell % n] = '1';
  return text;
}

}  // namespace nursery::lizards

namespace nursery::lizards {

namespace {
// The first row of a board of side `side` (its first line of cells): side
// cells, each 0 or 2, or fewer where the head ends inside the row.
bool first_row(std::string_view row, std::string_view side, std::string_view head) {
  std::uint64_t n = 0;
  const char* end = side.data() + side.size();
  if (side.size() > 9 || std::from_chars(side.data(), end, n).ec != std::errc()) return false;
  if (row.empty() || row.find_first_not_of("02") != std::string_view::npos) return false;
  const bool cut = row.data() + row.size() == head.data() + head.size();
  return row.size() == n || (cut && row.size() < n);
}
}  // namespace

// By the board's own evidence: its algorithm line is a signature (yes);
// n, p and a first row of n cells of 0 and 2 are its shape (likely); two
// numbers alone are claimed (maybe) so that the parser says what is wrong.
Sniff sniff(std::string_view head) {
  auto lines = meaningful_lines(head, 3);
  if (lines.empty()) return Sniff::no;
  if (lines[0] == "DFS" || lines[0] == "BFS" || lines[0] == "SA") return Sniff::yes;
  if (lines.size() >= 3 && all_digits(lines[0]) && all_digits(lines[1]))
    return first_row(lines[2], lines[0], head) ? Sniff::likely : Sniff::maybe;
  return Sniff::no;
}

}  // namespace nursery::lizards
