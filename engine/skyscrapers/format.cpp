// The three text forms of a puzzle (the line format, Tatham's game IDs and
// the grid form with its clue ring) and answers read back from the grid
// form. Every complaint names the file and line, what was expected and what
// was found.
#include <algorithm>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "nursery/input.hpp"
#include "nursery/skyscrapers.hpp"

namespace nursery::skyscrapers {

namespace {

struct TextLine {
  int number;  // 1-based
  std::string text;
};

// Lines end with LF, CRLF or a lone CR (as the lizards reader reads them).
std::vector<TextLine> split_lines(const std::string& text) {
  std::vector<TextLine> lines;
  std::size_t start = text.size() - skip_byte_order_mark(text).size();
  int number = 1;
  while (start <= text.size()) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string::npos) end = text.size();
    lines.push_back({number++, text.substr(start, end - start)});
    if (end == text.size()) break;
    start = end + 1;
    if (text[end] == '\r' && start < text.size() && text[start] == '\n') ++start;
  }
  return lines;
}

std::vector<std::string> tokens_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> tokens;
  for (std::string token; in >> token;) tokens.push_back(token);
  return tokens;
}

bool blank(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); });
}

bool comment(const std::string& text) {
  auto first = text.find_first_not_of(" \t");
  return first != std::string::npos && text[first] == '#';
}

[[noreturn]] void fail(const std::string& where, const std::string& expected,
                       const std::string& found) {
  throw InputError(where, expected, found);
}

bool all_digits(const std::string& text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

int parse_size(const std::string& where, const std::string& token) {
  if (!all_digits(token) || token.size() > 2 || std::stoi(token) < 1 || std::stoi(token) > kMaxSize)
    fail(where, "a grid size from 1 to " + std::to_string(kMaxSize), quoted(token));
  return std::stoi(token);
}

int parse_clue(const std::string& where, const std::string& token, int n, int index) {
  if (!all_digits(token) || token.size() > 2 || std::stoi(token) > n)
    fail(where, "clue " + std::to_string(index + 1) + " from 0 to " + std::to_string(n),
         quoted(token));
  return std::stoi(token);
}

// N*N digits; `lowest` is 0 for givens (0 = empty) and 1 for solutions.
Grid parse_digits(const std::string& where, const std::string& token, int n, int lowest,
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

Puzzle parse_line_format(const std::string& where, const std::string& text) {
  auto tokens = tokens_of(text);
  if (tokens.size() < 5)
    fail(where, "5 fields (id N clues givens solution)",
         std::to_string(tokens.size()) + " in " + quoted(text));
  Puzzle puzzle;
  puzzle.source = where;
  puzzle.id = tokens[0];
  puzzle.size = parse_size(where, tokens[1]);
  const int n = puzzle.size;
  std::vector<std::string> clues;
  std::string clue;
  std::istringstream in(tokens[2]);
  while (std::getline(in, clue, ',')) clues.push_back(clue);
  if (!tokens[2].empty() && tokens[2].back() == ',') clues.push_back("");
  if (clues.size() != static_cast<std::size_t>(4 * n))
    fail(where, std::to_string(4 * n) + " comma-separated clues",
         std::to_string(clues.size()) + " in " + quoted(tokens[2]));
  for (int i = 0; i < 4 * n; ++i) puzzle.clues.push_back(parse_clue(where, clues[i], n, i));
  puzzle.givens = parse_digits(where, tokens[3], n, 0, "givens");
  puzzle.solution = parse_digits(where, tokens[4], n, 1, "solution");
  for (std::size_t i = 5; i < tokens.size(); ++i) {
    if (i > 5) puzzle.info += ' ';
    puzzle.info += tokens[i];
  }
  return puzzle;
}

bool looks_like_game_id(const std::string& token) {
  auto colon = token.find(':');
  return colon != std::string::npos && colon > 0 && all_digits(token.substr(0, colon));
}

// ---- the grid form ----------------------------------------------------------

struct Block {
  std::string id;              // from a `# id ...` line just above
  std::vector<TextLine> rows;  // token lines, borders dropped
  std::vector<std::vector<std::string>> tokens;
};

std::vector<Block> blocks_of(const std::vector<TextLine>& lines) {
  std::vector<Block> blocks;
  Block current;
  std::string pending_id;
  auto finish = [&] {
    if (!current.rows.empty()) blocks.push_back(std::move(current));
    current = Block{};
  };
  for (const auto& line : lines) {
    if (blank(line.text)) {
      finish();
      pending_id.clear();
      continue;
    }
    if (comment(line.text)) {
      finish();
      auto words = tokens_of(line.text.substr(line.text.find('#') + 1));
      pending_id = words.empty() ? "" : words[0];
      if (!pending_id.empty() && pending_id.back() == ':') pending_id.pop_back();
      continue;
    }
    std::string trimmed = line.text;
    trimmed.erase(std::remove_if(trimmed.begin(), trimmed.end(),
                                 [](unsigned char c) { return std::isspace(c); }),
                  trimmed.end());
    if (!trimmed.empty() && trimmed.find_first_not_of("+-") == std::string::npos) continue;
    if (current.rows.empty()) current.id = pending_id;
    std::vector<std::string> words;
    for (auto& word : tokens_of(line.text))
      if (word != "|") words.push_back(word);
    current.rows.push_back(line);
    current.tokens.push_back(std::move(words));
  }
  finish();
  return blocks;
}

struct DrawnGrid {
  int size = 0;
  std::vector<int> clues;  // empty when drawn bare
  Grid cells;
};

int cell_value(const std::string& where, const std::string& token, int n, bool clue) {
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
  std::size_t k = tokens[0].size();
  DrawnGrid drawn;
  bool ring = tokens.size() == k + 2 && k >= 1 && k <= kMaxSize;
  if (ring)
    for (std::size_t r = 1; r + 1 < tokens.size(); ++r) ring = ring && tokens[r].size() == k + 2;
  if (ring) {
    const int n = static_cast<int>(k);
    drawn.size = n;
    if (tokens.back().size() != k)
      fail(where(tokens.size() - 1), std::to_string(n) + " clues below the grid",
           std::to_string(tokens.back().size()) + " tokens");
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
  bool bare = tokens.size() == k && k >= 1 && k <= kMaxSize;
  for (std::size_t r = 0; bare && r < tokens.size(); ++r) bare = tokens[r].size() == k;
  if (!bare) {
    // Name the first line that breaks either shape.
    for (std::size_t r = 1; r < tokens.size(); ++r)
      if (tokens[r].size() != k && tokens[r].size() != k + 2 &&
          !(r + 1 == tokens.size() && tokens[r].size() + 2 == tokens[r - 1].size()))
        fail(where(r), std::to_string(k) + " or " + std::to_string(k + 2) + " tokens a row",
             std::to_string(tokens[r].size()) + " in " + quoted(block.rows[r].text));
    fail(where(0), "a grid of N rows of N cells, or N+2 lines with the clue ring (N <= 9)",
         std::to_string(tokens.size()) + " lines of which the first has " + std::to_string(k) +
             " tokens");
  }
  const int n = static_cast<int>(k);
  drawn.size = n;
  drawn.cells.assign(n * n, 0);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      drawn.cells[r * n + c] = cell_value(where(r), tokens[r][c], n, false);
  return drawn;
}

char digit(int value) {
  return static_cast<char>('0' + value);
}

}  // namespace

Puzzle parse_game_id(const std::string& id, const std::string& where) {
  const std::string shape = "a game ID N:c1/c2/.../c4N[,grid]";
  auto colon = id.find(':');
  if (colon == std::string::npos || colon == 0 || !all_digits(id.substr(0, colon))) {
    if (id.find('#') != std::string::npos)
      fail(where, shape + " (random-seed IDs need Tatham's own generator)", quoted(id));
    fail(where, shape, quoted(id));
  }
  Puzzle puzzle;
  puzzle.source = where;
  puzzle.id = "puzzle";
  puzzle.size = parse_size(where, id.substr(0, colon));
  const int n = puzzle.size;
  std::string rest = id.substr(colon + 1);
  std::string grid;
  auto comma = rest.find(',');
  if (comma != std::string::npos) {
    grid = rest.substr(comma + 1);
    rest = rest.substr(0, comma);
  }
  std::vector<std::string> fields;
  std::size_t start = 0;
  while (true) {
    auto slash = rest.find('/', start);
    fields.push_back(rest.substr(start, slash == std::string::npos ? slash : slash - start));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  if (fields.size() != static_cast<std::size_t>(4 * n))
    fail(where, std::to_string(4 * n) + " clues separated by '/'",
         std::to_string(fields.size()) + " in " + quoted(rest));
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
  if (comma != std::string::npos) {
    puzzle.givens.assign(n * n, 0);
    int cell = 0;
    for (std::size_t i = 0; i < grid.size(); ++i) {
      char c = grid[i];
      if (c >= 'a' && c <= 'z') {
        cell += c - 'a' + 1;
      } else if (c >= '1' && c <= '0' + n) {
        if (cell >= n * n) break;
        puzzle.givens[cell++] = c - '0';
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

std::vector<Puzzle> parse(const std::string& text, const std::string& name) {
  auto lines = split_lines(text);
  const TextLine* first = nullptr;
  for (const auto& line : lines)
    if (!blank(line.text) && !comment(line.text)) {
      first = &line;
      break;
    }
  if (first == nullptr) fail(name + ":1", "at least one puzzle", "none");
  std::vector<Puzzle> puzzles;
  auto first_tokens = tokens_of(first->text);
  auto where = [&](const TextLine& line) { return name + ":" + std::to_string(line.number); };

  // The line format first: its info field may hold anything, a game ID too.
  const bool line_format = first_tokens.size() >= 5 && all_digits(first_tokens[1]) &&
                           first_tokens[2].find(',') != std::string::npos;
  if (!line_format && looks_like_game_id(first_tokens.back())) {
    // One game ID a line; tokens before it (a name, a seed) are optional,
    // the first of them naming the puzzle (so game_ids.tsv reads directly).
    for (const auto& line : lines) {
      if (blank(line.text) || comment(line.text)) continue;
      auto tokens = tokens_of(line.text);
      Puzzle puzzle = parse_game_id(tokens.back(), where(line));
      puzzle.id = tokens.size() > 1 ? tokens[0] : "puzzle-" + std::to_string(puzzles.size() + 1);
      puzzles.push_back(std::move(puzzle));
    }
    return puzzles;
  }
  // Commas appear only in the line format's clue list, never in a drawn grid.
  if (line_format || (first_tokens.size() >= 2 && first->text.find(',') != std::string::npos)) {
    for (const auto& line : lines) {
      if (blank(line.text) || comment(line.text)) continue;
      puzzles.push_back(parse_line_format(where(line), line.text));
    }
    return puzzles;
  }
  for (const auto& block : blocks_of(lines)) {
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
  }
  if (puzzles.empty())
    fail(name + ":" + std::to_string(first->number), "at least one puzzle (a grid with its clue ring)",
         "border lines only");
  return puzzles;
}

std::vector<Answer> read_answer(const std::string& text, const std::string& name) {
  std::vector<Answer> answers;
  for (const auto& block : blocks_of(split_lines(text))) {
    DrawnGrid drawn = parse_block(name, block);
    answers.push_back(
        {block.id, drawn.clues, drawn.cells, name + ":" + std::to_string(block.rows[0].number)});
  }
  return answers;
}

namespace {

std::string to_line(const Puzzle& puzzle) {
  const int n = puzzle.size;
  std::string line = puzzle.id + " " + std::to_string(n) + " ";
  for (int i = 0; i < 4 * n; ++i) {
    if (i) line += ',';
    line += std::to_string(puzzle.clues[i]);
  }
  auto digits = [](const Grid& grid) {
    if (grid.empty()) return std::string("-");
    std::string text;
    for (int value : grid) text += digit(value);
    return text;
  };
  line += " " + digits(puzzle.givens) + " " + digits(puzzle.solution);
  if (!puzzle.info.empty()) line += " " + puzzle.info;
  return line;
}

std::string to_game_id(const Puzzle& puzzle) {
  const int n = puzzle.size;
  std::vector<int> tatham(4 * n);
  for (int i = 0; i < n; ++i) {
    tatham[i] = puzzle.clues[i];
    tatham[n + (n - 1 - i)] = puzzle.clues[2 * n + i];
    tatham[2 * n + (n - 1 - i)] = puzzle.clues[3 * n + i];
    tatham[3 * n + i] = puzzle.clues[n + i];
  }
  std::string id = std::to_string(n) + ":";
  for (int i = 0; i < 4 * n; ++i) {
    if (i) id += '/';
    if (tatham[i] != 0) id += std::to_string(tatham[i]);
  }
  bool any_given =
      std::any_of(puzzle.givens.begin(), puzzle.givens.end(), [](int v) { return v != 0; });
  if (!any_given) return id;
  id += ',';
  int run = 0;
  bool after_digit = false;
  for (int value : puzzle.givens) {
    if (value == 0) {
      if (++run == 26) {
        id += 'z';
        run = 0;
      }
      after_digit = false;
      continue;
    }
    if (run > 0)
      id += static_cast<char>('a' + run - 1);
    else if (after_digit)
      id += '_';
    run = 0;
    id += digit(value);
    after_digit = true;
  }
  if (run > 0) id += static_cast<char>('a' + run - 1);
  return id;
}

std::string to_grid_form(const Puzzle& puzzle, const Grid* heights) {
  const int n = puzzle.size;
  const Grid* cells = heights != nullptr ? heights : &puzzle.givens;
  auto clue = [&](int i) { return puzzle.clues[i] != 0 ? digit(puzzle.clues[i]) : '.'; };
  auto cell = [&](int i) {
    int value = cells->empty() ? 0 : (*cells)[i];
    return value != 0 ? digit(value) : '.';
  };
  std::string text = "   ";
  for (int c = 0; c < n; ++c) text += std::string(" ") + clue(c);
  text += "\n  +" + std::string(2 * n + 1, '-') + "+\n";
  for (int r = 0; r < n; ++r) {
    text += clue(4 * n - 1 - r);
    text += " |";
    for (int c = 0; c < n; ++c) text += std::string(" ") + cell(r * n + c);
    text += " | ";
    text += clue(n + r);
    text += '\n';
  }
  text += "  +" + std::string(2 * n + 1, '-') + "+\n   ";
  for (int c = 0; c < n; ++c) text += std::string(" ") + clue(3 * n - 1 - c);
  text += '\n';
  return text;
}

}  // namespace

std::string format_instance(const Puzzle& puzzle, Form form) {
  switch (form) {
    case Form::line: return to_line(puzzle);
    case Form::game_id: return to_game_id(puzzle);
    case Form::grid: break;
  }
  return to_grid_form(puzzle, nullptr);
}

std::string format(const Puzzle& puzzle, const Grid& heights) {
  return to_grid_form(puzzle, &heights);
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
    if (rows >= 3) return Sniff::maybe;  // a bare lizards board reads the same
  }
  return Sniff::no;
}

}  // namespace nursery::skyscrapers
