// Files in and out, the same way for every command and for batch: bounded
// reads with the OS's reason on failure, and answers written atomically
// (a temporary beside the target, synced, renamed over it).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace nursery {

// Reads up to `most` bytes of `path` (all of it when most == 0) into `text`.
// False, with the OS's reason in `error` (strerror: "No such file or
// directory", "Is a directory"), when the file cannot be read; callers
// write "PATH: REASON".
bool read_file(const std::filesystem::path& path, std::size_t most, std::string& text,
               std::string& error);

// Writes `text` to a temporary file beside `path`, fsyncs it and renames it
// over `path`, so a reader never sees half an answer.
void write_atomically(const std::filesystem::path& path, const std::string& text);

// The two halves of write_atomically, for group commits of many answers:
// write every temporary (sync = false), make them durable with one
// sync_filesystem(), then rename each into place. Both throw
// std::runtime_error naming `path`; a failed step leaves no temporary.
std::string write_temporary(const std::filesystem::path& path, const std::string& text, bool sync);
void commit_temporary(const std::string& temporary, const std::filesystem::path& path);
// syncfs(2) of the file system holding `path`: one journal commit for all
// the files written there.
void sync_filesystem(const std::filesystem::path& path);

}  // namespace nursery
