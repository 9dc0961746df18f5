// Every command's JSON result on stdout: one line, or indented.
#include <iostream>
#include <nursery/input.hpp>
#include <string_view>

#include "cli/cli.hpp"

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

bool all_utf8(const nlohmann::json& value) {
  if (value.is_string()) return valid_utf8(value.get_ref<const std::string&>());
  if (value.is_structured())
    for (const auto& item : value)
      if (!all_utf8(item)) return false;
  return true;
}

}  // namespace

void set_json_pretty(bool pretty) {
  g_json_pretty = pretty;
}

void print_json(const nlohmann::json& value, std::ostream& out) {
  nlohmann::json safe = value;
  make_utf8(safe);
  out << safe.dump(g_json_pretty ? 2 : -1) << '\n';
}

JsonStream::JsonStream(std::ostream& out) : out_(out), pretty_(g_json_pretty) {
  out_ << '{';
  open_.push_back({'}'});
}

JsonStream::~JsonStream() {
  if (!open_.empty()) finish();
}

void JsonStream::next() {
  Level& level = open_.back();
  if (!level.empty) out_ << ',';
  level.empty = false;
  if (pretty_) out_ << '\n' << std::string(2 * open_.size(), ' ');
}

void JsonStream::key(std::string_view name) {
  next();
  out_ << nlohmann::json(std::string(name)).dump() << (pretty_ ? ": " : ":");
}

void JsonStream::value(const nlohmann::json& json) {
  // A copy only when some string needs its bytes escaped (rarely: a
  // listing's items are digits and dots).
  if (!all_utf8(json)) {
    nlohmann::json safe = json;
    make_utf8(safe);
    value(safe);
    return;
  }
  const nlohmann::json& safe = json;
  if (!pretty_) {
    out_ << safe;  // compact: the stream's width is 0
    return;
  }
  // Indented as a part of the whole: each line after the first moved in by
  // the depth (a dumped string holds no raw line break).
  const std::string text = safe.dump(2);
  const std::string indent(2 * open_.size(), ' ');
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    out_ << std::string_view(text).substr(start, end + 1 - start) << indent;
  out_ << std::string_view(text).substr(start);
}

void JsonStream::member(std::string_view name, const nlohmann::json& json) {
  key(name);
  value(json);
}

void JsonStream::open_array(std::string_view name) {
  key(name);
  out_ << '[';
  open_.push_back({']'});
}

void JsonStream::open_object() {
  next();
  out_ << '{';
  open_.push_back({'}'});
}

void JsonStream::item(const nlohmann::json& json) {
  next();
  value(json);
}

void JsonStream::close() {
  const Level level = open_.back();
  open_.pop_back();
  if (pretty_ && !level.empty) out_ << '\n' << std::string(2 * open_.size(), ' ');
  out_ << level.closer;
}

void JsonStream::finish() {
  while (!open_.empty()) close();
  out_ << '\n' << std::flush;
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
