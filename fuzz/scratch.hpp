// What the harnesses that hand a reader a file share: one scratch directory
// for the whole fuzzing process (removed at exit), and a file put there.
#pragma once

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace fuzzing {

inline const std::filesystem::path& scratch() {
  static const std::filesystem::path directory = [] {
    std::string name = (std::filesystem::temp_directory_path() / "fuzz-scratch-XXXXXX").string();
    if (::mkdtemp(name.data()) == nullptr) __builtin_trap();
    std::atexit([] {
      std::error_code ignored;
      std::filesystem::remove_all(scratch(), ignored);
    });
    return std::filesystem::path(name);
  }();
  return directory;
}

inline void put(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

}  // namespace fuzzing
