// The batch walk: which files to look at, one at a time, and where each
// one's answer goes under OUTDIR (its kind is sniffed later, in its lane).
// It holds only the listings of the directories on the current path, so a
// directory of a million files costs its names while it is walked, nothing
// per file afterwards.
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <system_error>
#include <utility>

#include "batch/internal.hpp"

namespace nursery::batch {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

std::string join(const std::string& directory, std::string_view name) {
  if (directory.empty()) return std::string(name);
  std::string path = directory;
  if (path.back() != '/') path += '/';
  path += name;
  return path;
}

bool declared_name(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower.find("input") != std::string::npos;
}

}  // namespace

int natural_compare(std::string_view a, std::string_view b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      // Numbers compare by value: leading zeros skipped, then the longer
      // run is the larger, then digit by digit.
      std::size_t si = i, sj = j;
      while (si < a.size() && a[si] == '0') ++si;
      while (sj < b.size() && b[sj] == '0') ++sj;
      std::size_t ei = si, ej = sj;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      if (ei - si != ej - sj) return ei - si < ej - sj ? -1 : 1;
      if (int c = a.substr(si, ei - si).compare(b.substr(sj, ej - sj)); c != 0) return c < 0 ? -1 : 1;
      i = ei;
      j = ej;
      continue;
    }
    if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]) ? -1 : 1;
    ++i;
    ++j;
  }
  if (i < a.size() || j < b.size()) return i < a.size() ? 1 : -1;
  // Equal as numbers ("b01" and "b1"): bytes decide, so the order is total.
  int c = a.compare(b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

bool walk_less(std::string_view a, std::string_view b) {
  // Component by component, as the walk visits a directory's entries.
  for (;;) {
    auto ea = a.find('/'), eb = b.find('/');
    int c = natural_compare(a.substr(0, ea), b.substr(0, eb));
    if (c != 0) return c < 0;
    if (ea == std::string_view::npos || eb == std::string_view::npos)
      return ea == std::string_view::npos && eb != std::string_view::npos;
    a.remove_prefix(ea + 1);
    b.remove_prefix(eb + 1);
  }
}

std::size_t shard_of(std::string_view relative, unsigned parts) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a, 64 bits: the same on every machine
  for (unsigned char c : relative) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return static_cast<std::size_t>(hash % parts);
}

bool Walk::identity(const std::string& path, Id& id, bool follow, nlink_t* links) {
  struct stat st {};
  if ((follow ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st)) != 0) return false;
  id = {st.st_dev, st.st_ino};
  if (links != nullptr) *links = st.st_nlink;
  return true;
}

void Walk::Frame::sort_names() {
  auto name = [&](std::uint32_t at) { return std::string_view(names.c_str() + at); };
  std::sort(starts.begin(), starts.end(),
            [&](auto x, auto y) { return natural_compare(name(x), name(y)) < 0; });
}

std::string answer_name(std::string_view file) {
  return std::string(file) + ".out";
}

std::string mirror_directory_name(std::string_view directory) {
  // Answers end in .out (and a homework answer is output.txt): a directory
  // that could be taken for one, or for a directory renamed so, gets .d.
  const bool answer_like =
      directory.ends_with(".out") || directory.ends_with(".d") || directory == "output.txt";
  return answer_like ? std::string(directory) + ".d" : std::string(directory);
}

Walk::Walk(const std::vector<std::string>& arguments, const fs::path& outdir, unsigned part,
           unsigned parts)
    : part_(part), parts_(parts) {
  if (!outdir.empty()) {
    outdir_ = outdir.string();
    have_outdir_ = true;
    if (!identity(outdir_, outdir_id_, true)) outdir_id_ = {0, 0};
  }
  // The arguments are the first frame, in the order given; one directory
  // argument mirrors straight under OUTDIR, several each get a folder.
  Frame frame;
  frame.arguments = true;
  frame.several = arguments.size() > 1;
  for (const auto& argument : arguments) {
    frame.starts.push_back(static_cast<std::uint32_t>(frame.names.size()));
    frame.names += argument;
    frame.names += '\0';
    Id id{};
    if (identity(argument, id, true)) argument_files_.insert(id);
  }
  stack_.push_back(std::move(frame));
}

bool Walk::enter(const std::string& path, const std::string& display, const std::string& relative,
                 const std::string& mirror) {
  Id id{};
  if (!identity(path, id, true)) {
    skip(display, "cannot read directory", true);
    return false;
  }
  if (have_outdir_ && id == outdir_id_) return false;  // our own answers are no instances
  if (!visited_.insert(id).second) {
    skip(display, "directory already walked (a symbolic link loop or a second link)", true);
    return false;
  }
  Frame frame;
  frame.path = path;
  frame.display = display;
  frame.relative = relative;
  frame.mirror = mirror;
  std::error_code error;
  fs::directory_iterator it(path, error);
  if (error) {
    skip(display, "cannot read directory: " + error.message(), true);
    return false;
  }
  for (; it != fs::directory_iterator(); it.increment(error)) {
    if (error) break;
    auto name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;  // hidden: .git, our temporary files
    frame.starts.push_back(static_cast<std::uint32_t>(frame.names.size()));
    frame.names += name;
    frame.names += '\0';
  }
  if (error) skip(display, "directory read stopped: " + error.message(), true);
  frame.sort_names();
  frame.names.shrink_to_fit();
  stack_.push_back(std::move(frame));
  return true;
}

// A regular file: false when it was listed already or is another part's.
void Walk::leave_out(const std::string& path) {
  Id id{};
  if (identity(path, id, true)) left_out_ = id;
}

bool Walk::accept(const std::string& path, const std::string& display, bool link) {
  // The same file reached twice (an argument inside another, a link) is
  // solved once. Only files that can be reached twice are remembered (hard
  // links, links, arguments); every file is looked up.
  Id id{};
  nlink_t links = 1;
  if (identity(path, id, true, &links)) {
    if (left_out_ && id == *left_out_) return false;  // the report itself
    bool twice = links > 1 || link || argument_files_.count(id) != 0;
    if (seen_.count(id) != 0) {
      skip(display, "already listed", false);
      return false;
    }
    if (link && target_walked(path)) {
      skip(display, "already listed", false);
      return false;
    }
    if (twice) seen_.insert(id);
  }
  return true;
}

// A link to a file in a directory this walk has entered: that file is (or,
// later in the same directory, will be) listed under its own name.
bool Walk::target_walked(const std::string& path) const {
  std::error_code error;
  auto target = fs::canonical(path, error);
  if (error) return false;
  auto name = target.filename().string();
  if (name.empty() || name[0] == '.') return false;
  Id parent{};
  if (!identity(target.parent_path().string(), parent, true)) return false;
  return visited_.count(parent) != 0;
}

std::string Walk::root_place(const std::string& base, bool file) {
  // Each root its own place under OUTDIR: a second root of the same name
  // (a/in and b/in, a/q.txt and b/q.txt) goes to in.2, q.2.txt. The copy
  // numbers go on from the last one tried for that name, so N roots of one
  // name cost N tries, not N^2.
  const fs::path b(base);
  int& copy = next_copy_[base];  // 0: the name itself is not tried yet
  for (;;) {
    std::string relative = base;
    if (copy != 0)
      relative = file ? b.stem().string() + "." + std::to_string(copy) + b.extension().string()
                      : base + "." + std::to_string(copy);
    copy = copy == 0 ? 2 : copy + 1;
    const std::string place = file ? answer_name(relative) : mirror_directory_name(relative);
    if (root_names_.insert(place).second) return relative;
  }
}

bool Walk::next(Entry& entry) {
  while (!stack_.empty()) {
    Frame& frame = stack_.back();
    if (frame.next == frame.starts.size()) {
      stack_.pop_back();
      continue;
    }
    std::size_t k = frame.next++;
    std::string_view name(frame.names.c_str() + frame.starts[k]);
    std::string path, display, relative, mirror;
    bool declared = false, root = frame.arguments;
    std::string base;  // a root's name, its place under OUTDIR decided once it is taken
    if (frame.arguments) {
      path = display = std::string(name);
      fs::path p(path);
      base = (p.filename().empty() ? p.parent_path().filename() : p.filename()).string();
      declared = true;
    } else {
      path = join(frame.path, name);
      display = join(frame.display, name);
      relative = join(frame.relative, name);
      declared = declared_name(name);
    }
    std::error_code error;
    auto status = fs::status(path, error);
    const bool exists = !error && fs::exists(status);
    if (frame.arguments && !exists && yield_missing_) {
      entry = Entry{};
      entry.source.path = path;
      entry.source.display = std::move(display);
      entry.source.declared = true;
      return true;
    }
    if (!exists) {
      bool link = !frame.arguments && fs::is_symlink(fs::symlink_status(path, error));
      skip(display,
           frame.arguments ? "no such file or directory"
           : link          ? "broken symbolic link"
                           : "cannot stat",
           true);
    } else if (fs::is_directory(status)) {
      // One directory argument mirrors straight under OUTDIR, several each
      // get a folder of their own.
      if (frame.arguments && frame.several) relative = root_place(base, false);
      mirror = frame.arguments ? (frame.several ? mirror_directory_name(relative) : std::string())
                               : join(frame.mirror, mirror_directory_name(name));
      if (enter(path, display, relative, mirror)) {
        entry = Entry{};
        entry.directory = true;
        entry.root = root;
        entry.source.display = std::move(display);
        return true;
      }
    } else if (fs::is_regular_file(status)) {
      bool link = !frame.arguments && fs::is_symlink(fs::symlink_status(path, error));
      if (!accept(path, display, link)) continue;
      if (frame.arguments) relative = root_place(base, true);
      if (parts_ > 1 && shard_of(relative, parts_) != part_ - 1) continue;
      entry = Entry{};
      entry.source.path = std::move(path);
      entry.source.display = std::move(display);
      entry.source.declared = declared;
      entry.source.homework = fs::path(relative).filename() == "input.txt";
      // Every file's answer is its own name and .out: two names of one
      // directory never give one answer name, nor a directory's (see
      // mirror_directory_name), whatever else the directory holds.
      if (have_outdir_) {
        const std::string file = frame.arguments ? relative : std::string(name);
        entry.source.output = (fs::path(outdir_) /
                               (frame.arguments ? std::string() : frame.mirror) / answer_name(file))
                                  .string();
      }
      return true;
    } else {
      skip(display, "not a regular file", true);
    }
  }
  return false;
}

}  // namespace nursery::batch
