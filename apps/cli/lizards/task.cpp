// Which task nursery lizards's options ask for, and the options another
// task would take refused (command.hpp: choose_task).
#include <stdexcept>
#include <string>

#include "cli/lizards/command.hpp"

namespace nursery::lizards {

Task choose_task(const TaskOptions& asked) {
  if (asked.maximize) {
    if (asked.count) throw std::invalid_argument("--max and --count: choose one");
    return Task::maximize;
  }
  if (asked.target || asked.max_board || asked.certificate)
    throw std::invalid_argument(std::string("--") +
                                (asked.target      ? "target"
                                 : asked.max_board ? "max-board"
                                                   : "certificate") +
                                ": only with --max");
  return asked.count ? Task::count : Task::decide;
}

}  // namespace nursery::lizards
