// The three text forms of a puzzle read (the line format, Tatham's game IDs
// and the grid form with its clue ring; write.cpp writes them), and answers
// read back from the grid form. Every complaint names the file and line,
// what was expected and what was found.
//
// The readers keep views into the text, never copies of it: a line is
// walked once, its tokens counted rather than kept (a row of the grid form
// holds at most kMaxSize + 2 of them, a clue list 4N), and a block of the
// grid form is read as soon as it ends. A line as large as the file (a 300
// MB game ID of '/') so costs the text and a few bytes, not tens of bytes
// a byte of it; and the budget is looked at every MiB and every few thousand
// lines.
#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nursery/input.hpp"
#include "nursery/skyscrapers.hpp"

namespace nursery::skyscrapers {

namespace {

struct TextLine {
  std::size_t number;  // 1-based
  std::string_view text;
};

// The read under way on this thread (parse, read_answer): its budget and
// name, looked at every MiB of a scan along one line (a line of 300 MB
// takes a second to walk) and every kPollLines lines.
thread_local const Budget* t_budget = nullptr;
thread_local const std::string* t_name = nullptr;

class Reading {
 public:
  Reading(const Budget& budget, const std::string& name) : budget_(t_budget), name_(t_name) {
    t_budget = &budget;
    t_name = &name;
  }
  ~Reading() {
    t_budget = budget_;
    t_name = name_;
  }
  Reading(const Reading&) = delete;
  Reading& operator=(const Reading&) = delete;

 private:
  const Budget* budget_;
  const std::string* name_;
};

void poll() {
  if (t_budget != nullptr && t_budget->spent()) throw ReadStopped(*t_name);
}

// In a scan at byte `i`: a look at the budget once a MiB.
void poll_at(std::size_t i) {
  constexpr std::size_t kMask = (std::size_t{1} << 20) - 1;
  if ((i & kMask) == kMask) poll();
}

// The lines of a text one at a time, as views. Lines end with LF, CRLF or
// a lone CR (as the lizards reader reads them). Looks at the budget every
// kPollLines lines: a stopped read throws ReadStopped.
class Lines {
 public:
  static constexpr unsigned kPollLines = 4096;
  explicit Lines(std::string_view text) : text_(skip_byte_order_mark(text)) {}
  bool next(TextLine& line) {
    if (done_) return false;
    if (++since_poll_ == kPollLines) {
      since_poll_ = 0;
      poll();
    }
    std::size_t end = start_;  // (find_first_of calls memchr a byte)
    while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r') poll_at(++end);
    line = {++number_, text_.substr(start_, end - start_)};
    if (end == text_.size()) {
      done_ = true;
    } else {
      start_ = end + 1;
      if (text_[end] == '\r' && start_ < text_.size() && text_[start_] == '\n') ++start_;
    }
    return true;
  }

 private:
  std::string_view text_;
  std::size_t start_ = 0, number_ = 0;
  unsigned since_poll_ = 0;
  bool done_ = false;
};

// isspace in the C locale, inline: a reader's every byte passes here.
bool space(char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

// The token at or after `at`, `at` moved past it; empty at the line's end.
std::string_view next_token(std::string_view text, std::size_t& at) {
  while (at < text.size() && space(text[at])) poll_at(++at);
  const std::size_t start = at;
  while (at < text.size() && !space(text[at])) poll_at(++at);
  return text.substr(start, at - start);
}

// The first `most` tokens of a line (fewer when it has fewer).
std::vector<std::string_view> first_tokens(std::string_view text, std::size_t most) {
  std::vector<std::string_view> tokens;
  std::size_t at = 0;
  while (tokens.size() < most) {
    auto token = next_token(text, at);
    if (token.empty()) break;
    tokens.push_back(token);
  }
  return tokens;
}

std::string_view last_token(std::string_view text) {
  std::size_t end = text.size();
  while (end > 0 && space(text[end - 1])) poll_at(--end);
  std::size_t start = end;
  while (start > 0 && !space(text[start - 1])) poll_at(--start);
  return text.substr(start, end - start);
}

bool blank(std::string_view text) {
  return std::all_of(text.begin(), text.end(), space);
}

bool comment(std::string_view text) {
  auto first = text.find_first_not_of(" \t");
  return first != std::string_view::npos && text[first] == '#';
}

[[noreturn]] void fail(const std::string& where, const std::string& expected,
                       const std::string& found) {
  throw InputError(where, expected, found);
}

int small_number(std::string_view digits) {  // all digits, at most 2 of them
  int value = 0;
  for (char c : digits) value = 10 * value + (c - '0');
  return value;
}

int parse_size(const std::string& where, std::string_view token) {
  if (!all_digits(token) || token.size() > 2 || small_number(token) < 1 ||
      small_number(token) > kMaxSize)
    fail(where, "a grid size from 1 to " + std::to_string(kMaxSize), quoted(token));
  return small_number(token);
}

int parse_clue(const std::string& where, std::string_view token, int n, int index) {
  if (!all_digits(token) || token.size() > 2 || small_number(token) > n)
    fail(where, "clue " + std::to_string(index + 1) + " from 0 to " + std::to_string(n),
         quoted(token));
  return small_number(token);
}

// `text` cut at each `separator`: its pieces, when there are exactly
// `expected` of them; otherwise only how many (never a list of millions).
std::size_t pieces(std::string_view text, char separator, std::size_t expected,
                   std::vector<std::string_view>& out) {
  std::size_t count = 1;
  for (std::size_t i = 0; i < text.size(); poll_at(++i)) count += text[i] == separator;
  if (count != expected) return count;
  std::size_t start = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t end = std::min(text.find(separator, start), text.size());
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return count;
}

// N*N digits; `lowest` is 0 for givens (0 = empty) and 1 for solutions.
Grid parse_digits(const std::string& where, std::string_view token, int n, int lowest,
                  const char* what) {
  if (token == "-") return {};
  if (token.size() != static_cast<std::size_t>(n * n))
    fail(where,
         std::string(what) + " as " + std::to_string(n * n) + " digits " + std::to_string(lowest) +
             ".." + std::to_string(n) + " or '-'",
         std::to_string(token.size()) + " characters");
  Grid grid(n * n);
  for (int i = 0; i < n * n; ++i) {
    char c = token[i];
    if (c < '0' + lowest || c > '0' + n)
      fail(where,
           std::string(what) + " digits " + std::to_string(lowest) + ".." + std::to_string(n),
           "'" + std::string(1, c) + "' at cell " + std::to_string(i + 1));
    grid[i] = c - '0';
  }
  return grid;
}

Puzzle parse_line_format(const std::string& where, std::string_view text) {
  auto tokens = first_tokens(text, 5);
  if (tokens.size() < 5)
    fail(where, "5 fields (id N clues givens solution)",
         std::to_string(tokens.size()) + " in " + quoted(text));
  Puzzle puzzle;
  puzzle.source = where;
  puzzle.id = tokens[0];
  puzzle.size = parse_size(where, tokens[1]);
  const int n = puzzle.size;
  std::vector<std::string_view> clues;
  if (const auto count = pieces(tokens[2], ',', 4 * n, clues); count != 4u * n)
    fail(where, std::to_string(4 * n) + " comma-separated clues",
         std::to_string(count) + " in " + quoted(tokens[2]));
  for (int i = 0; i < 4 * n; ++i) puzzle.clues.push_back(parse_clue(where, clues[i], n, i));
  puzzle.givens = parse_digits(where, tokens[3], n, 0, "givens");
  puzzle.solution = parse_digits(where, tokens[4], n, 1, "solution");
  // The rest of the line, its tokens one space apart.
  std::size_t at = static_cast<std::size_t>(tokens[4].data() + tokens[4].size() - text.data());
  puzzle.info.reserve(text.size() - at);  // at most the rest (no doubling of a huge one)
  for (auto token = next_token(text, at); !token.empty(); token = next_token(text, at)) {
    if (!puzzle.info.empty()) puzzle.info += ' ';
    puzzle.info += token;
  }
  return puzzle;
}

bool looks_like_game_id(std::string_view token) {
  auto colon = token.find(':');
  return colon != std::string_view::npos && colon > 0 && all_digits(token.substr(0, colon));
}

// ---- the grid form ----------------------------------------------------------

// A block of the grid form holds at most this many token lines (N + 2, the
// clue ring's), each at most this many tokens: more are counted, not kept.
constexpr std::size_t kMostRows = kMaxSize + 2;
constexpr std::size_t kMostTokens = kMaxSize + 2;

struct Block {
  std::string id;              // from a `# id ...` line just above
  std::vector<TextLine> rows;  // token lines, borders dropped (kMostRows + 1 at most)
  std::vector<std::vector<std::string_view>> tokens;  // each row's first kMostTokens + 1
  std::vector<std::size_t> counts;                    // each row's tokens, all counted
  // Rows past those kept: how many, and the first of them that breaks both
  // shapes (the message names it, as it names a kept one).
  std::size_t more_rows = 0;
  struct Row {
    TextLine line;
    std::size_t count;
  };
  std::optional<Row> first_break, last_more;
  std::size_t before_last = 0;  // the tokens of the row before last_more
  // Whether a row of `count` tokens fits neither shape of a block whose
  // first row has k; the last row may be the ring's bottom (two fewer).
  static bool breaks(std::size_t count, std::size_t k, bool last, std::size_t before) {
    return count != k && count != k + 2 && !(last && count + 2 == before);
  }
  void more(const TextLine& line, std::size_t count) {
    // The row before is no longer the last: it breaks or not for good.
    if (last_more && !first_break && breaks(last_more->count, counts[0], false, 0))
      first_break = last_more;
    before_last = last_more ? last_more->count : counts.back();
    last_more = Row{line, count};
    ++more_rows;
  }
  void end() {
    if (last_more && !first_break && breaks(last_more->count, counts[0], true, before_last))
      first_break = last_more;
  }
};

bool border(std::string_view text) {
  bool drawn = false;
  for (char c : text) {
    if (c == '+' || c == '-')
      drawn = true;
    else if (!space(c))
      return false;
  }
  return drawn;
}

// Hands each block to `take` as soon as it ends (a blank line, a comment,
// the end): the text's blocks are never all held.
void for_each_block(Lines lines, const std::function<void(const Block&)>& take) {
  Block current;
  std::string pending_id;
  auto finish = [&] {
    current.end();
    if (!current.rows.empty()) take(current);
    current = Block{};
  };
  for (TextLine line; lines.next(line);) {
    if (blank(line.text)) {
      finish();
      pending_id.clear();
      continue;
    }
    if (comment(line.text)) {
      finish();
      std::size_t at = line.text.find('#') + 1;
      pending_id = next_token(line.text, at);
      if (!pending_id.empty() && pending_id.back() == ':') pending_id.pop_back();
      continue;
    }
    if (border(line.text)) continue;
    if (current.rows.empty()) current.id = pending_id;
    const bool kept = current.rows.size() <= kMostRows;
    std::vector<std::string_view> words;
    std::size_t count = 0, at = 0;
    for (auto word = next_token(line.text, at); !word.empty(); word = next_token(line.text, at)) {
      if (word == "|") continue;
      if (kept && words.size() <= kMostTokens) words.push_back(word);
      ++count;
    }
    if (!kept) {
      current.more(line, count);
      continue;
    }
    current.rows.push_back(line);
    current.tokens.push_back(std::move(words));
    current.counts.push_back(count);
  }
  finish();
}

struct DrawnGrid {
  int size = 0;
  std::vector<int> clues;  // empty when drawn bare
  Grid cells;
};

int cell_value(const std::string& where, std::string_view token, int n, bool clue) {
  if (token == ".") return 0;
  int lowest = clue ? 0 : 1;
  if (token.size() != 1 || token[0] < '0' + lowest || token[0] > '0' + n) {
    if (token == "0" && !clue) return 0;
    fail(where,
         std::string(clue ? "a clue " : "a height ") + std::to_string(lowest) + ".." +
             std::to_string(n) + " or '.'",
         quoted(token));
  }
  return token[0] - '0';
}

DrawnGrid parse_block(const std::string& name, const Block& block) {
  auto where = [&](std::size_t row) { return name + ":" + std::to_string(block.rows[row].number); };
  const auto& tokens = block.tokens;
  const auto& counts = block.counts;
  const std::size_t rows = counts.size() + block.more_rows;
  std::size_t k = counts[0];
  DrawnGrid drawn;
  bool ring = rows == k + 2 && k >= 1 && k <= kMaxSize;
  if (ring)
    for (std::size_t r = 1; r + 1 < rows; ++r) ring = ring && counts[r] == k + 2;
  if (ring) {
    const int n = static_cast<int>(k);
    drawn.size = n;
    if (counts.back() != k)
      fail(where(rows - 1), std::to_string(n) + " clues below the grid",
           std::to_string(counts.back()) + " tokens");
    drawn.clues.assign(4 * n, 0);
    drawn.cells.assign(n * n, 0);
    for (int c = 0; c < n; ++c) {
      drawn.clues[c] = cell_value(where(0), tokens[0][c], n, true);
      drawn.clues[3 * n - 1 - c] = cell_value(where(n + 1), tokens[n + 1][c], n, true);
    }
    for (int r = 0; r < n; ++r) {
      const auto& row = tokens[r + 1];
      drawn.clues[4 * n - 1 - r] = cell_value(where(r + 1), row[0], n, true);
      drawn.clues[n + r] = cell_value(where(r + 1), row[n + 1], n, true);
      for (int c = 0; c < n; ++c)
        drawn.cells[r * n + c] = cell_value(where(r + 1), row[c + 1], n, false);
    }
    return drawn;
  }
  bool bare = rows == k && k >= 1 && k <= kMaxSize;
  for (std::size_t r = 0; bare && r < rows; ++r) bare = counts[r] == k;
  if (!bare) {
    // Name the first line that breaks either shape.
    const std::string shapes = std::to_string(k) + " or " + std::to_string(k + 2) + " tokens a row";
    for (std::size_t r = 1; r < counts.size(); ++r)
      if (Block::breaks(counts[r], k, r + 1 == rows, counts[r - 1]))
        fail(where(r), shapes, std::to_string(counts[r]) + " in " + quoted(block.rows[r].text));
    if (const auto& row = block.first_break)
      fail(name + ":" + std::to_string(row->line.number), shapes,
           std::to_string(row->count) + " in " + quoted(row->line.text));
    fail(where(0), "a grid of N rows of N cells, or N+2 lines with the clue ring (N <= 9)",
         std::to_string(rows) + " lines of which the first has " + std::to_string(k) + " tokens");
  }
  const int n = static_cast<int>(k);
  drawn.size = n;
  drawn.cells.assign(n * n, 0);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      drawn.cells[r * n + c] = cell_value(where(r), tokens[r][c], n, false);
  return drawn;
}

}  // namespace

Puzzle parse_game_id(std::string_view id, const std::string& where) {
  const std::string shape = "a game ID N:c1/c2/.../c4N[,grid]";
  auto colon = id.find(':');
  if (colon == std::string_view::npos || colon == 0 || !all_digits(id.substr(0, colon))) {
    if (id.find('#') != std::string_view::npos)
      fail(where, shape + " (random-seed IDs need Tatham's own generator)", quoted(id));
    fail(where, shape, quoted(id));
  }
  Puzzle puzzle;
  puzzle.source = where;
  puzzle.id = "puzzle";
  puzzle.size = parse_size(where, id.substr(0, colon));
  const int n = puzzle.size;
  std::string_view rest = id.substr(colon + 1);
  std::string_view grid;
  auto comma = rest.find(',');
  if (comma != std::string_view::npos) {
    grid = rest.substr(comma + 1);
    rest = rest.substr(0, comma);
  }
  std::vector<std::string_view> fields;
  if (const auto count = pieces(rest, '/', 4 * n, fields); count != 4u * n)
    fail(where, std::to_string(4 * n) + " clues separated by '/'",
         std::to_string(count) + " in " + quoted(rest));
  std::vector<int> tatham(4 * n);
  for (int i = 0; i < 4 * n; ++i)
    tatham[i] = fields[i].empty() ? 0 : parse_clue(where, fields[i], n, i);
  // Tatham: top left-to-right, bottom left-to-right, left top-to-bottom,
  // right top-to-bottom; ours runs clockwise.
  puzzle.clues.assign(4 * n, 0);
  for (int i = 0; i < n; ++i) {
    puzzle.clues[i] = tatham[i];
    puzzle.clues[2 * n + i] = tatham[n + (n - 1 - i)];
    puzzle.clues[3 * n + i] = tatham[2 * n + (n - 1 - i)];
    puzzle.clues[n + i] = tatham[3 * n + i];
  }
  if (comma != std::string_view::npos) {
    puzzle.givens.assign(n * n, 0);
    int cell = 0;
    for (std::size_t i = 0; i < grid.size(); ++i) {
      char c = grid[i];
      if (c >= 'a' && c <= 'z') {
        cell += c - 'a' + 1;
      } else if (c >= '1' && c <= '0' + n) {
        // A given past the last cell makes the grid too long (said below),
        // never dropped.
        if (cell < n * n) puzzle.givens[cell] = c - '0';
        ++cell;
      } else if (c == '_' && i > 0 && std::isdigit(static_cast<unsigned char>(grid[i - 1]))) {
        continue;
      } else {
        fail(where, "a grid of runs a-z, givens 1-" + std::to_string(n) + " and '_'",
             "'" + std::string(1, c) + "' at grid character " + std::to_string(i + 1));
      }
      if (cell > n * n) break;
    }
    if (cell != n * n)
      fail(where, "a grid of " + std::to_string(n * n) + " cells",
           std::to_string(cell) + " cells in " + quoted(grid));
  }
  return puzzle;
}

std::vector<Puzzle> parse(std::string_view text, const std::string& name, const Budget& budget) {
  const Reading reading(budget, name);
  auto where = [&](const TextLine& line) { return name + ":" + std::to_string(line.number); };
  TextLine first{0, {}};
  for (Lines lines(text); lines.next(first);)
    if (!blank(first.text) && !comment(first.text)) break;
  if (first.number == 0 || blank(first.text) || comment(first.text))
    fail(name + ":1", "at least one puzzle", "none");
  std::vector<Puzzle> puzzles;
  const auto first_tokens5 = first_tokens(first.text, 5);

  // The line format first: its info field may hold anything, a game ID too.
  const bool line_format = first_tokens5.size() >= 5 && all_digits(first_tokens5[1]) &&
                           first_tokens5[2].find(',') != std::string_view::npos;
  if (!line_format && looks_like_game_id(last_token(first.text))) {
    // One game ID a line; tokens before it (a name, a seed) are optional,
    // the first of them naming the puzzle (so game_ids.tsv reads directly).
    Lines lines(text);
    for (TextLine line; lines.next(line);) {
      if (blank(line.text) || comment(line.text)) continue;
      const auto id = last_token(line.text);
      Puzzle puzzle = parse_game_id(id, where(line));
      std::size_t at = 0;
      const auto before = next_token(line.text, at);
      puzzle.id = before.data() != id.data() ? std::string(before)
                                             : "puzzle-" + std::to_string(puzzles.size() + 1);
      puzzles.push_back(std::move(puzzle));
    }
    return puzzles;
  }
  // Commas appear only in the line format's clue list, never in a drawn grid.
  if (line_format ||
      (first_tokens5.size() >= 2 && first.text.find(',') != std::string_view::npos)) {
    Lines lines(text);
    for (TextLine line; lines.next(line);) {
      if (blank(line.text) || comment(line.text)) continue;
      puzzles.push_back(parse_line_format(where(line), line.text));
    }
    return puzzles;
  }
  for_each_block(Lines(text), [&](const Block& block) {
    DrawnGrid drawn = parse_block(name, block);
    std::string at = name + ":" + std::to_string(block.rows[0].number);
    if (drawn.clues.empty())
      fail(at, "the clue ring around the grid (a line of N clues above, N below)",
           "a bare grid of " + std::to_string(drawn.size) + " rows");
    Puzzle puzzle;
    puzzle.source = at;
    puzzle.id = !block.id.empty() ? block.id : "puzzle-" + std::to_string(puzzles.size() + 1);
    puzzle.size = drawn.size;
    puzzle.clues = drawn.clues;
    puzzle.givens = drawn.cells;
    if (std::all_of(puzzle.givens.begin(), puzzle.givens.end(), [](int v) { return v == 0; }))
      puzzle.givens.clear();
    puzzles.push_back(std::move(puzzle));
  });
  if (puzzles.empty())
    fail(name + ":" + std::to_string(first.number),
         "at least one puzzle (a grid with its clue ring)", "border lines only");
  return puzzles;
}

std::vector<Answer> read_answer(std::string_view text, const std::string& name,
                                const Budget& budget) {
  const Reading reading(budget, name);
  std::vector<Answer> answers;
  for_each_block(Lines(text), [&](const Block& block) {
    DrawnGrid drawn = parse_block(name, block);
    answers.push_back(
        {block.id, drawn.clues, drawn.cells, name + ":" + std::to_string(block.rows[0].number)});
  });
  return answers;
}

}  // namespace nursery::skyscrapers

namespace nursery::skyscrapers {

namespace {
// A line of the grid form: digits and dots, with `|` and `+-` borders.
bool grid_line(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) {
    return c == '.' || c == ' ' || c == '\t' || c == '|' || c == '+' || c == '-' ||
           std::isdigit(static_cast<unsigned char>(c));
  });
}
}  // namespace

Sniff sniff(std::string_view head) {
  std::vector<std::string_view> lines;
  for (auto line : meaningful_lines(head, 64))
    if (line.front() != '#') lines.push_back(line);
  if (lines.empty()) return Sniff::no;
  auto tokens = nursery::tokens_of(lines[0]);
  if (tokens.size() >= 5 && nursery::all_digits(tokens[1]) &&
      tokens[2].find(',') != std::string_view::npos)
    return Sniff::yes;  // the line format (whatever its info field holds)
  if (looks_like_game_id(std::string(tokens.back()))) return Sniff::yes;
  std::size_t rows = 0;
  for (auto line : lines) {
    if (!grid_line(line)) return Sniff::no;
    if (line.find_first_not_of("+- \t") != std::string_view::npos) ++rows;
    // Digits in rows are the grid form's characters, not yet its shape (the
    // clue ring is the parser's to find): a claim, no more.
    if (rows >= 3) return Sniff::maybe;
  }
  return Sniff::no;
}

}  // namespace nursery::skyscrapers
