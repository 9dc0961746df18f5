// The three ways to write a solution, and the pictures by name.
#include <cctype>
#include <charconv>
#include <functional>
#include <vector>

#include "nursery/picture.hpp"
#include "nursery/queens.hpp"

namespace nursery::queens {
namespace {

std::string format_string(std::span<const std::uint32_t> placement) {
  static constexpr char kDigits[] = "123456789abcdefghijklmnopqrstuvwxyz";
  std::string text = "*";
  for (std::uint32_t row : placement) text.push_back(row < 35 ? kDigits[row] : '?');
  return text;
}

std::string format_rows(std::span<const std::uint32_t> placement) {
  std::string text;
  text.reserve(placement.size() * 8);
  for (std::size_t c = 0; c < placement.size(); ++c) {
    if (c != 0) text.push_back(' ');
    text += std::to_string(placement[c]);
  }
  return text;
}

std::string format_board(std::span<const std::uint32_t> placement) {
  const std::size_t n = placement.size();
  std::string text;
  text.reserve(n * (n + 1));
  for (std::size_t row = 0; row < n; ++row) {
    for (std::size_t c = 0; c < n; ++c) text.push_back(placement[c] == row ? 'Q' : '.');
    text.push_back('\n');
  }
  return text;
}

}  // namespace

std::string format(std::span<const std::uint32_t> placement, Format format) {
  switch (format) {
    case Format::string: return format_string(placement);
    case Format::rows: return format_rows(placement);
    case Format::board: break;
  }
  return format_board(placement);
}

std::function<bool(std::string&)> format_pieces(std::span<const std::uint32_t> placement,
                                                Format format, std::size_t bytes) {
  if (format == Format::string)  // N <= 35: one piece
    return [placement, done = false](std::string& piece) mutable {
      if (!done) piece += format_string(placement);
      done = true;
      return false;
    };
  if (format == Format::rows)
    return [placement, bytes, next = std::size_t{0}](std::string& piece) mutable {
      // Digits straight into the piece (a string per number was two thirds
      // of the time at N = 10^8); room for one more number past `bytes`.
      const std::size_t start = piece.size();
      piece.resize(start + bytes + 12);
      char* out = piece.data() + start;
      const char* const full = out + bytes;
      for (; next < placement.size() && out < full; ++next) {
        if (next != 0) *out++ = ' ';
        out = std::to_chars(out, out + 11, placement[next]).ptr;
      }
      piece.resize(static_cast<std::size_t>(out - piece.data()));
      return next < placement.size();
    };
  // The board row by row: the column of each row's queen, then whole lines.
  const std::size_t n = placement.size();
  std::vector<std::uint32_t> column_of(n, static_cast<std::uint32_t>(n));
  for (std::size_t c = 0; c < n; ++c)
    if (placement[c] < n) column_of[placement[c]] = static_cast<std::uint32_t>(c);
  return [n, bytes, column_of = std::move(column_of),
          row = std::size_t{0}](std::string& piece) mutable {
    const std::size_t start = piece.size();
    while (row < n && piece.size() - start < bytes) {  // at least one line
      const std::size_t line = piece.size();
      piece.append(n, '.');
      if (column_of[row] < n) piece[line + column_of[row]] = 'Q';
      piece.push_back('\n');
      ++row;
    }
    return row < n;
  };
}

std::string format(const Placement& placement, const std::string& name) {
  if (name == "string") return format(placement, Format::string);
  if (name == "rows") return format(placement, Format::rows);
  if (name == "svg" || name == "png") {
    const std::string title = std::to_string(placement.size()) + " queens";
    return name == "png" ? picture::png_queens(placement, title)
                         : picture::svg_queens(placement, title);
  }
  return format(placement, Format::board);
}

}  // namespace nursery::queens

namespace nursery::queens {

namespace {

bool queens_word(std::string_view token) {
  return token == "queens" || token == "QUEENS";
}

// A first line that begins with the word and is no Skyscrapers line (those
// have five fields, or a game ID with its ':'; a puzzle may be named queens).
bool meant_as_queens(std::string_view line) {
  auto tokens = tokens_of(line);
  return !tokens.empty() && queens_word(tokens[0]) && tokens.size() <= 3 &&
         line.find_first_of(":,") == std::string_view::npos;
}

}  // namespace

// `queens -8`, `queens 8.5` or `queens` alone are meant as N-queens files
// too: claimed here, so that the parser names what is wrong (an ERROR row),
// not left to no kind (a SKIPPED row).
Sniff sniff(std::string_view head) {
  auto lines = meaningful_lines(head, 1);
  if (lines.empty()) return Sniff::no;
  return meant_as_queens(lines[0]) ? Sniff::yes : Sniff::no;
}

std::uint32_t parse(std::string_view text, const std::string& name) {
  text = skip_byte_order_mark(text);
  // The file's one line, and its number; any other line that is not blank
  // is an error of its own (a second `queens` line is never ignored).
  std::string_view found;
  std::size_t number = 0, found_at = 0;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    // CRLF is one line end.
    const std::size_t next = end + (text.substr(end, 2) == "\r\n" ? 2 : 1);
    std::string_view line = text.substr(start, end - start);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
      line.remove_prefix(1);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
      line.remove_suffix(1);
    if (!line.empty()) {
      if (found_at != 0)
        throw InputError(
            name + ":" + std::to_string(number),
            "one 'queens N' line (line " + std::to_string(found_at) + "), then nothing",
            quoted(line));
      found = line;
      found_at = number;
    }
    start = next;
  }
  auto tokens = tokens_of(found);
  std::uint64_t n = 0;
  if (tokens.size() == 2 && queens_word(tokens[0]) && all_digits(tokens[1]) &&
      tokens[1].size() <= 10)
    n = std::stoull(std::string(tokens[1]));
  if (n < 1 || n > kMaxFileN)
    throw InputError(name + ":" + std::to_string(found_at == 0 ? 1 : found_at),
                     "'queens N' with N from 1 to " + std::to_string(kMaxFileN), quoted(found));
  return static_cast<std::uint32_t>(n);
}

Placement read_answer(std::string_view text, std::uint32_t n) {
  auto lines = meaningful_lines(text, static_cast<std::size_t>(n) + 1);
  Placement placement;
  // The string form `nursery queens N` prints by default ("*15863724": the
  // 1-based row of each column's queen, 1-9 then a-z, N <= 35).
  if (lines.size() == 1 && lines[0].front() == '*') {
    static constexpr std::string_view kDigits = "123456789abcdefghijklmnopqrstuvwxyz";
    for (char c : lines[0].substr(1)) {
      const auto row = kDigits.find(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
      if (row == std::string_view::npos) return {};
      placement.push_back(static_cast<std::uint32_t>(row));
    }
    return placement.size() == n ? placement : Placement{};
  }
  // One line of numbers is the rows form (for n = 1 too: "0"); otherwise
  // the board form, one line of 'Q' and '.' per row.
  if (lines.size() == 1 && (n > 1 || all_digits(lines[0]))) {
    for (auto token : tokens_of(lines[0])) {
      if (!all_digits(token) || token.size() > 10) return {};
      // A row off the board (4294967296 would wrap to 0 in 32 bits) is no placement.
      const auto row = std::stoull(std::string(token));
      if (row >= n) return {};
      placement.push_back(static_cast<std::uint32_t>(row));
    }
    return placement.size() == n ? placement : Placement{};
  }
  if (lines.size() != n) return {};
  placement.assign(n, n);
  for (std::uint32_t r = 0; r < n; ++r) {
    if (lines[r].size() != n) return {};
    for (std::uint32_t c = 0; c < n; ++c)
      if (lines[r][c] == 'Q') {
        if (placement[c] != n) return {};
        placement[c] = r;
      }
  }
  for (auto row : placement)
    if (row == n) return {};
  return placement;
}

}  // namespace nursery::queens
