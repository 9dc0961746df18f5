#include "nursery/scheduler.hpp"

namespace nursery {

const char* to_string(Status status) {
  switch (status) {
    case Status::complete: return "complete";
    case Status::solved: return "solved";
    case Status::limit: return "limit";
    case Status::timeout: return "timeout";
    case Status::cancelled: return "cancelled";
  }
  return "?";
}

const char* to_string(Mode mode) {
  switch (mode) {
    case Mode::count: return "count";
    case Mode::first: return "first";
    case Mode::all: return "all";
  }
  return "?";
}

}  // namespace nursery
