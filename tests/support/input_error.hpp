// What a reader refuses a text with: the InputError that READ (a call of
// the reader) throws, or none when it reads the text.
#pragma once

#include <nursery/input.hpp>
#include <optional>
#include <string>

namespace nursery::testing {

template <class Read>
std::optional<InputError> input_error(Read read) {
  try {
    read();
  } catch (const InputError& e) {
    return e;
  }
  return std::nullopt;
}

// The error's one line ("file:line: expected ..., found ..."), or "no error".
template <class Read>
std::string input_error_text(Read read) {
  const auto error = input_error(read);
  return error ? error->what() : "no error";
}

}  // namespace nursery::testing
