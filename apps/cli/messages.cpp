// The one-line messages of every command: usage errors in the command's own
// words, text made safe for a terminal, "did you mean", status words.
#include <algorithm>
#include <iostream>
#include <nursery/input.hpp>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.hpp"

namespace nursery::cli {

namespace {

// The command being run ("count") and its short usage ("nursery count N
// [options]"), for the messages about its positional arguments.
std::string g_command;
std::string g_usage;
bool g_quiet = false;  // --quiet: notes() says nothing

// A stream that drops what it is given.
class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

}  // namespace

void set_quiet(bool quiet) {
  g_quiet = quiet;
}

bool quiet() {
  return g_quiet;
}

std::ostream& notes() {
  static NullBuffer nothing;
  static std::ostream dropped(&nothing);
  return g_quiet ? dropped : std::cerr;
}

void set_command(const std::string& command, const std::string& usage) {
  g_command = command;
  g_usage = usage;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string nearest(const std::string& typed, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_distance = 3;  // two edits at most
  for (const auto& name : names) {
    if (name.empty()) continue;
    std::size_t d = edit_distance(typed, name);
    if (d < best_distance) {
      best = name;
      best_distance = d;
    }
  }
  return best;
}

UsageError usage_error(const std::string& what) {
  if (g_command.empty()) return UsageError(what);
  return UsageError(g_command + ": " + what + " (usage: " + g_usage + ")");
}

UsageError data_error(const std::string& what) {
  if (g_command.empty()) return UsageError(what);
  return UsageError(g_command + ": " + what);
}

UsageError missing_argument(const std::string& name) {
  return usage_error("missing " + name);
}

std::string printable(const std::string& text) {
  // escaped() for everything but the two a reader knows: \n and \t.
  std::string out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '\n' && text[i] != '\t') continue;
    out += escaped(std::string_view(text).substr(start, i - start));
    if (i < text.size()) out += text[i] == '\n' ? "\\n" : "\\t";
    start = i + 1;
  }
  return out;
}

const char* status_word(int exit_status) {
  switch (exit_status) {
    case kExitSuccess: return "OK";
    case kExitNoSolution: return "FAIL";
    case kExitUsage: return "ERROR";
    case kExitTimeout: return "TIMEOUT";
    case kExitUnverified: return "UNVERIFIED";
    default: return "INTERRUPTED";
  }
}
}  // namespace nursery::cli
