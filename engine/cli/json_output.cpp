// Every command's JSON result on stdout: one line, or indented.
#include <nursery/cli.hpp>
#include <nursery/input.hpp>

#include <iostream>

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
}  // namespace nursery::cli
