// The batch walk: which files to look at, and where each one's answer goes
// under OUTDIR (its kind is sniffed afterwards, in the pool).
#include <sys/stat.h>

#include <algorithm>
#include <set>
#include <system_error>
#include <utility>

#include "batch/internal.hpp"

namespace nursery::batch {

namespace {

struct Walker {
  fs::path outdir;
  bool have_outdir = false;
  std::pair<dev_t, ino_t> outdir_id{};
  std::set<std::pair<dev_t, ino_t>> visited;
  std::set<std::pair<dev_t, ino_t>> files_seen;
  Discovery discovery;
  unsigned part = 1, parts = 1;  // this run keeps the files of shard part-1 of parts

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
    if (parts > 1 && shard_of(relative.generic_string(), parts) != part - 1) return;
    Source source;
    source.path = path.string();
    source.display = std::move(display);
    source.declared = declared;
    if (have_outdir) source.output = (outdir / relative).string();
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

std::size_t shard_of(std::string_view relative, unsigned parts) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a, 64 bits: the same on every machine
  for (unsigned char c : relative) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return static_cast<std::size_t>(hash % parts);
}

Discovery discover(const std::vector<std::string>& arguments, const fs::path& outdir,
                   unsigned part, unsigned parts) {
  Walker walker;
  walker.part = part;
  walker.parts = parts;
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

}  // namespace nursery::batch
