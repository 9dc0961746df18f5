// The content hash an answer carries of the puzzle it answers, so that
// `batch --resume` keeps an answer only for the input it was written for.
//
// One line, `# input fnv1a64 0123456789abcdef`, leads the puzzle's part of
// its answer file: above each Skyscrapers puzzle's `# id` line, and as the
// first line of a `queens N` answer and of a lizards count. A lizards
// decision (OK and the rows, or FAIL) stays in the homework's format, which
// has no room for it: it is checked whole against the board instead.
// The hash is of the puzzle as read (each kind's canonical text of it: the
// line format of a Skyscrapers puzzle, `queens N`, a board's n, p and
// cells), so line ends or blanks changed in the input keep its answers, and
// one puzzle edited in a file of many costs only its own answer. FNV-1a
// over 64 bits: a stale answer is caught unless the hashes collide by
// chance (2^-64); it is no defence against a forged line, which is why
// `--verify` also solves again what no checker can vouch for.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace nursery {

// FNV-1a, 64 bits, over the bytes added in order.
class ContentHash {
 public:
  ContentHash& add(std::string_view bytes) {
    for (unsigned char byte : bytes) {
      value_ ^= byte;
      value_ *= 0x100000001b3ULL;
    }
    return *this;
  }
  std::uint64_t value() const { return value_; }
  // The 16 lower-case hex digits.
  std::string hex() const {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int i = 15, shift = 0; i >= 0; --i, shift += 4) text[i] = kDigits[(value_ >> shift) & 15];
    return text;
  }

 private:
  std::uint64_t value_ = 0xcbf29ce484222325ULL;
};

inline constexpr std::string_view kStampPrefix = "# input fnv1a64 ";

// The line an answer leads with, newline included.
inline std::string stamp_line(const ContentHash& hash) {
  return std::string(kStampPrefix) + hash.hex() + "\n";
}

// The hash a line states when it is a stamp line (blanks and a CR around
// it allowed), else nothing.
inline std::optional<std::string> stamp_of(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
    line.remove_suffix(1);
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  if (line.size() != kStampPrefix.size() + 16 ||
      line.substr(0, kStampPrefix.size()) != kStampPrefix)
    return std::nullopt;
  auto hex = line.substr(kStampPrefix.size());
  if (hex.find_first_not_of("0123456789abcdef") != std::string_view::npos) return std::nullopt;
  return std::string(hex);
}

// An answer text split after its stamp line: the hash (nothing when the
// first line is no stamp) and the rest (the whole text when none).
struct Stamped {
  std::optional<std::string> hash;
  std::string_view rest;
};
inline Stamped read_stamp(std::string_view answer) {
  const auto end = answer.find('\n');
  auto hash = stamp_of(answer.substr(0, end));
  if (!hash) return {std::nullopt, answer};
  return {std::move(hash),
          end == std::string_view::npos ? std::string_view() : answer.substr(end + 1)};
}

// The answer after its stamp line when that line states `hash` (it was
// written for the input as it is now); nothing when the answer has no stamp
// or another input's.
inline std::optional<std::string_view> stamped_for(std::string_view answer,
                                                   const ContentHash& hash) {
  const Stamped stamped = read_stamp(answer);
  if (!stamped.hash || *stamped.hash != hash.hex()) return std::nullopt;
  return stamped.rest;
}

}  // namespace nursery
