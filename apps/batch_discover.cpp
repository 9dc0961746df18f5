// The batch walk: which files to look at, what kind each one holds, and
// where its answer goes under OUTDIR.
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <system_error>
#include <utility>

#include "batch.hpp"
#include "cli.hpp"

namespace nursery::cli::batch {

const char* to_string(Kind kind) {
  switch (kind) {
    case Kind::lizards:
      return "lizards";
    case Kind::queens:
      return "queens";
    case Kind::skyscrapers:
      return "skyscrapers";
    default:
      return "-";
  }
}

namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

std::vector<std::string_view> tokens_of(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) tokens.push_back(line.substr(start, i - start));
  }
  return tokens;
}

// Lines of `text`, ends LF, CRLF or lone CR, blanks left out (trimmed).
std::vector<std::string_view> meaningful_lines(std::string_view text, std::size_t most) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size() && lines.size() < most) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    auto line = trim(text.substr(start, end - start));
    if (!line.empty()) lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

bool game_id(std::string_view token) {
  auto colon = token.find(':');
  return colon != std::string_view::npos && colon > 0 && all_digits(token.substr(0, colon));
}

bool grid_line(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) {
    return c == '.' || c == ' ' || c == '\t' || std::isdigit(static_cast<unsigned char>(c));
  });
}

}  // namespace

Kind detect(std::string_view head, std::string& why) {
  if (trim(head).empty()) {
    why = "empty file";
    return Kind::unknown;
  }
  std::size_t control = 0;
  for (char c : head.substr(0, 4096)) {
    auto u = static_cast<unsigned char>(c);
    if (u == 0) {
      why = "binary data";
      return Kind::unknown;
    }
    if (u < 32 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v') ++control;
  }
  if (control * 20 > std::min<std::size_t>(head.size(), 4096)) {
    why = "binary data";
    return Kind::unknown;
  }
  auto lines = meaningful_lines(head, 64);
  // Lizards: the algorithm line, or a file without it (n and p alone).
  if (lines[0] == "DFS" || lines[0] == "BFS" || lines[0] == "SA") return Kind::lizards;
  if (lines.size() >= 3 && all_digits(lines[0]) && all_digits(lines[1])) return Kind::lizards;
  auto first = tokens_of(lines[0]);
  if (first.size() == 2 && (first[0] == "queens" || first[0] == "QUEENS") && all_digits(first[1]))
    return Kind::queens;
  // Skyscrapers: after `#` comments, a game ID ends the line, or the line
  // format (id N clues ...), or the grid form (digits and dots only).
  std::vector<std::string_view> puzzle_lines;
  for (auto line : lines)
    if (line.front() != '#') puzzle_lines.push_back(line);
  if (!puzzle_lines.empty()) {
    auto tokens = tokens_of(puzzle_lines[0]);
    if (game_id(tokens.back())) return Kind::skyscrapers;
    if (tokens.size() >= 5 && all_digits(tokens[1]) &&
        tokens[2].find(',') != std::string_view::npos)
      return Kind::skyscrapers;
    if (puzzle_lines.size() >= 3 && grid_line(puzzle_lines[0]) && grid_line(puzzle_lines[1]) &&
        grid_line(puzzle_lines[2]))
      return Kind::skyscrapers;
  }
  why = "not an instance (no DFS/BFS/SA line, no 'queens N', no Skyscrapers puzzle)";
  return Kind::unknown;
}

namespace {

struct Walker {
  fs::path outdir;
  bool have_outdir = false;
  std::pair<dev_t, ino_t> outdir_id{};
  std::set<std::pair<dev_t, ino_t>> visited;
  std::set<std::pair<dev_t, ino_t>> files_seen;
  Discovery discovery;

  static bool identity(const fs::path& path, std::pair<dev_t, ino_t>& id) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return false;
    id = {st.st_dev, st.st_ino};
    return true;
  }

  static bool declared_name(const std::string& name) {
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find("input") != std::string::npos;
  }

  void skip(std::string path, std::string reason, bool problem) {
    discovery.skipped.push_back({std::move(path), std::move(reason), problem});
  }

  void file(const fs::path& path, std::string display, const fs::path& relative, bool declared) {
    // The same file reached twice (an argument inside another, a link) is
    // solved once.
    std::pair<dev_t, ino_t> id{};
    if (identity(path, id) && !files_seen.insert(id).second) {
      skip(std::move(display), "already listed", false);
      return;
    }
    Source source;
    source.path = path;
    source.display = std::move(display);
    source.declared = declared;
    if (have_outdir) source.output = outdir / relative;
    discovery.files.push_back(std::move(source));
  }

  void directory(const fs::path& path, const std::string& display, const fs::path& relative) {
    std::pair<dev_t, ino_t> id{};
    if (!identity(path, id)) {
      skip(display, "cannot read directory", true);
      return;
    }
    if (have_outdir && id == outdir_id) return;  // our own answers are no instances
    if (!visited.insert(id).second) {
      skip(display, "directory already walked (a symbolic link loop or a second link)", true);
      return;
    }
    discovery.directories.push_back(display);
    std::error_code error;
    fs::directory_iterator it(path, error);
    if (error) {
      skip(display, "cannot read directory: " + error.message(), true);
      return;
    }
    std::vector<fs::path> names;
    for (; it != fs::directory_iterator(); it.increment(error)) {
      if (error) break;
      names.push_back(it->path().filename());
    }
    if (error) skip(display, "directory read stopped: " + error.message(), true);
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
      std::string text = name.string();
      if (text.empty() || text[0] == '.') continue;  // hidden: .git, our temporary files
      fs::path child = path / name;
      std::string child_display =
          display.empty() || display.back() == '/' ? display + text : display + "/" + text;
      std::error_code status_error;
      auto status = fs::status(child, status_error);
      if (status_error || !fs::exists(status)) {
        bool link = fs::is_symlink(fs::symlink_status(child, status_error));
        skip(child_display, link ? "broken symbolic link" : "cannot stat", true);
      } else if (fs::is_directory(status)) {
        directory(child, child_display, relative / name);
      } else if (fs::is_regular_file(status)) {
        file(child, child_display, relative / name, declared_name(text));
      } else {
        skip(child_display, "not a regular file", true);
      }
    }
  }
};

}  // namespace

Discovery discover(const std::vector<std::string>& arguments, const fs::path& outdir) {
  Walker walker;
  if (!outdir.empty()) {
    walker.outdir = outdir;
    walker.have_outdir = true;
    if (!Walker::identity(outdir, walker.outdir_id)) walker.outdir_id = {0, 0};
  }
  // One argument mirrors its contents straight under OUTDIR; several each
  // get a folder named after them.
  bool several = arguments.size() > 1;
  for (const auto& argument : arguments) {
    fs::path path(argument);
    std::error_code error;
    auto status = fs::status(path, error);
    if (error || !fs::exists(status)) {
      walker.skip(argument, "no such file or directory", true);
      continue;
    }
    fs::path name = path.filename().empty() ? path.parent_path().filename() : path.filename();
    if (fs::is_directory(status)) {
      walker.discovery.roots.push_back(argument);
      walker.directory(path, argument, several ? name : fs::path());
    } else if (fs::is_regular_file(status)) {
      walker.file(path, argument, name, true);
    } else {
      walker.skip(argument, "not a regular file", true);
    }
  }
  return std::move(walker.discovery);
}

}  // namespace nursery::cli::batch
