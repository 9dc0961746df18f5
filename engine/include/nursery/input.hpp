// What every kind's reader shares: one error type for bad input, and the
// answer to "is this text mine?" that batch asks every kind.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace nursery {

// Bad input, for every kind: "file:line: expected ..., found ...", and its
// parts for a program (the CLI's JSON error object).
struct InputError : std::runtime_error {
  // `where`: "file:line", or "file" for the file as a whole.
  InputError(const std::string& where, const std::string& expected, const std::string& found);
  std::string file;
  std::size_t line = 0;  // 1-based; 0: the file as a whole
  std::string expected;
  std::string found;
};

// A reader stopped by its budget (Ctrl-C, SIGTERM) before the end of a
// long text: what it read so far is no answer.
struct ReadStopped : std::runtime_error {
  explicit ReadStopped(const std::string& name);
};

// The number a whole text reads as, in std::stoll's or std::stod's syntax
// (leading spaces, a sign; for a double also exponents, inf and nan), or
// nullopt when it reads as none or has more after it ("15x").
std::optional<long long> whole_number(const std::string& text);
std::optional<double> number_of(const std::string& text);

// `text` as one line of valid UTF-8: bytes that are no text (control
// bytes, NUL, bytes that are not UTF-8) written \xNN, the rest as it is.
std::string escaped(std::string_view text);
// Whether `text` is valid UTF-8 (JSON strings must be).
bool valid_utf8(std::string_view text);

// What a reader found, for its error message: 'TEXT' (the first 40 bytes,
// then "..."), or `empty` for nothing. Bytes that are no text are written
// \xNN: control bytes, NUL (which would cut a message short), and bytes
// that are not UTF-8, so every message is one line of valid UTF-8.
std::string quoted(std::string_view text, const char* empty = "nothing");

// How sure a kind is that a text holds its instances, from its first lines
// and by its own format's evidence alone: no kind knows another, the
// registry (nursery/kinds.hpp: most_confident) weighs what they all say.
//   no      not this format
//   maybe   the characters fit, the shape is not checked (claimed so that
//           the parser names what is wrong: an ERROR row, not SKIPPED)
//   likely  the format's shape checked over the head
//   yes     a line that only this format has
enum class Sniff { no = 0, maybe = 1, likely = 2, yes = 3 };

// False, with the reason ("empty file", "binary data"), when `head` is no
// text any kind could read.
bool plain_text(std::string_view head, std::string& why);

// `text` without a UTF-8 byte-order mark at its start (EF BB BF: Notepad
// writes one): every reader skips it, as it is no part of the content.
std::string_view skip_byte_order_mark(std::string_view text);

// The first `most` lines of `text` that hold anything, trimmed; line ends
// LF, CRLF or lone CR.
std::vector<std::string_view> meaningful_lines(std::string_view text, std::size_t most);

// Whitespace-separated tokens of one line.
std::vector<std::string_view> tokens_of(std::string_view line);

bool all_digits(std::string_view text);

}  // namespace nursery
