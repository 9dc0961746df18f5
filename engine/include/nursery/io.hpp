// Files in and out, the same way for every command and for batch: bounded
// reads with the OS's reason on failure, and answers written atomically
// (a temporary beside the target, synced, renamed over it).
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace nursery {

// Reads up to `most` bytes of `path` (all of it when most == 0) into `text`.
// False, with the OS's reason in `error` (strerror: "No such file or
// directory", "Is a directory"), when the file cannot be read; callers
// write "PATH: REASON".
bool read_file(const std::filesystem::path& path, std::size_t most, std::string& text,
               std::string& error);

// Where a write to `path` goes, as `cp`, `sort -o` and shell redirection
// treat it: a symbolic link is followed (its target is replaced, the link
// kept; a dangling link names the file to create); a character or block
// device, FIFO or socket is written in place (`in_place`: never renamed
// over); a regular file keeps its permissions (`mode`, 0 for a new file).
// Throws std::runtime_error "PATH: is a directory (...)" for a directory or
// a link to one, and "PATH: REASON" for a link loop.
//
// A path that names one of this process's open descriptors (/dev/stdout,
// /dev/stderr, /dev/fd/N, /proc/self/fd/N, directly or through links) is
// written through that descriptor (`descriptor`), never reopened: a
// descriptor opened for appending (`2>>log`) is appended to, and no file
// behind it is truncated or replaced.
struct OutputTarget {
  std::filesystem::path file;  // the path to replace or write
  bool in_place = false;
  unsigned mode = 0;
  int descriptor = -1;  // >= 0: the open descriptor the path names (in_place)
};
OutputTarget output_target(const std::filesystem::path& path);
// The open descriptor of this process a path names by itself (/dev/stdin,
// /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, /proc/PID/fd/N
// with this PID), or -1: no such name, or the descriptor is not open.
int descriptor_named(const std::filesystem::path& path);

// A file as the system knows it: device and inode, whatever the name.
struct FileId {
  std::uint64_t device = 0, inode = 0;
  bool operator==(const FileId&) const = default;
  auto operator<=>(const FileId&) const = default;
};
// The file `path` reaches (links followed), or nothing when there is none.
std::optional<FileId> file_id(const std::filesystem::path& path);
// The file a write to `path` would replace (output_target's regular file),
// or nothing: none there yet, or a device, FIFO or descriptor written in
// place.
std::optional<FileId> replaced_file(const std::filesystem::path& path);

// Writes `text` to a temporary file beside the target (output_target),
// fsyncs it and renames it over the target, so a reader never sees half an
// answer; a device or FIFO is written in place.
void write_atomically(const std::filesystem::path& path, const std::string& text);

// write_atomically in pieces, for outputs too large to hold (a generated
// 65,535 x 65,535 board): the pieces go to the temporary (or in place, to a
// device or FIFO), commit() syncs and renames it over the target; an
// AtomicFile destroyed uncommitted (a stop, an error) removes its
// temporary, so nothing half written is ever left under either name.
class AtomicFile {
 public:
  explicit AtomicFile(const std::filesystem::path& path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  void write(std::string_view piece);  // throws std::runtime_error naming the path
  void commit();

 private:
  std::filesystem::path path_, target_;
  std::string temporary_;  // empty: written in place
  int fd_ = -1;
};

// The two halves of write_atomically, for group commits of many answers:
// write every temporary (sync = false), make them durable with one
// sync_filesystem(), then rename each into place. Both throw
// std::runtime_error naming `path`; a failed step leaves no temporary.
// Temporaries are named `.NAME.tmp.PID.SEQ` (SEQ counts this process's
// temporaries), beside the link's target; a target that is not a regular
// file (a device, a FIFO) is refused: use write_atomically for those.
std::string write_temporary(const std::filesystem::path& path, const std::string& text, bool sync);
void commit_temporary(const std::string& temporary, const std::filesystem::path& path);
// syncfs(2) of the file system holding `path`: one journal commit for all
// the files written there.
void sync_filesystem(const std::filesystem::path& path);

}  // namespace nursery
