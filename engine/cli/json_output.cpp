// Every command's JSON result on stdout: one line, or indented.
#include <iostream>
#include <nursery/cli.hpp>
#include <nursery/input.hpp>
#include <string_view>

namespace nursery::cli {

namespace {

// --json-pretty was given: print_json indents.
bool g_json_pretty = false;

// Strings that are not UTF-8 (a puzzle id or file name with byte 0xFF)
// written with \xNN escapes (input.hpp's escaped): JSON holds only UTF-8,
// and one such byte must not lose the whole result.
void make_utf8(nlohmann::json& value) {
  if (value.is_string()) {
    auto& text = value.get_ref<std::string&>();
    if (!valid_utf8(text)) text = escaped(text);
  } else if (value.is_structured()) {
    for (auto& item : value) make_utf8(item);
  }
}

}  // namespace

void set_json_pretty(bool pretty) {
  g_json_pretty = pretty;
}

void print_json(const nlohmann::json& value) {
  nlohmann::json safe = value;
  make_utf8(safe);
  std::cout << safe.dump(g_json_pretty ? 2 : -1) << '\n';
}

bool json_asked(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") return false;
    if (arg == "--json" || arg == "--json-pretty") return true;
  }
  return false;
}

int print_error(const char* command, const std::exception& error, bool json, int status) {
  const std::string message = error.what();
  std::cerr << "error: " << printable(message) << '\n';
  if (!json) return status;
  nlohmann::json out = {{"command", command}, {"status", status_word(status)}, {"error", message}};
  if (const auto* input = dynamic_cast<const InputError*>(&error)) {
    out["file"] = input->file;
    out["line"] = input->line;
    out["expected"] = input->expected;
    out["found"] = input->found;
  }
  print_json(out);
  return status;
}
}  // namespace nursery::cli
