// What every kind's reader shares: one error type for bad input, and the
// answer to "is this text mine?" that batch asks every kind.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace nursery {

// Bad input, for every kind: "file:line: expected ..., found ...".
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// How sure a kind is that a text holds its instances (from its first lines).
enum class Sniff { no = 0, maybe = 1, yes = 2 };

// False, with the reason ("empty file", "binary data"), when `head` is no
// text any kind could read.
bool plain_text(std::string_view head, std::string& why);

// The first `most` lines of `text` that hold anything, trimmed; line ends
// LF, CRLF or lone CR.
std::vector<std::string_view> meaningful_lines(std::string_view text, std::size_t most);

// Whitespace-separated tokens of one line.
std::vector<std::string_view> tokens_of(std::string_view line);

bool all_digits(std::string_view text);

}  // namespace nursery
