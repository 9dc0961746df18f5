// The kind hint of an input error (kinds.hpp): a file of one kind handed to
// another kind's command.
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include "kinds.hpp"

namespace nursery::cli {

namespace {

// The first 64 KiB of a regular file (the registry sniffs no more).
std::string head_of(const std::string& path) {
  std::error_code error;
  if (path.empty() || !std::filesystem::is_regular_file(path, error)) return {};
  std::ifstream in(path, std::ios::binary);
  std::string head(64 * 1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head;
}

}  // namespace

InputError with_kind_hint(std::string_view command, const InputError& error) {
  std::size_t own = Kinds::size, at = 0;
  Kinds::for_each([&]<class K>() {
    for (const Subcommand& each : KindCli<K>::commands)
      if (command == each.name) own = at;
    ++at;
  });
  if (own == Kinds::size) return error;
  const std::string head = head_of(error.file);
  if (head.empty()) return error;
  const std::size_t kind = Kinds::sniff(head);
  if (kind == own) return error;
  std::string hint;
  Kinds::visit(kind, [&]<class K>() {
    hint = std::string("; the file reads as ") + K::described + ": try `" +
           KindCli<K>::reads_files + " " + error.file + "`";
  });
  if (hint.empty()) return error;
  const std::string where =
      error.line == 0 ? error.file : error.file + ":" + std::to_string(error.line);
  return InputError(where, error.expected, error.found + hint);
}

}  // namespace nursery::cli
