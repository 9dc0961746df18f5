// A file that must not be in the engine: the check (engine_apart.cmake)
// refuses it (tests/layout's layout.catches_cli test expects it to fail).
#include "cli/cli.hpp"

namespace nursery::queens {

void refuse() {
  throw cli::usage_error("N: expected 1 to 32");
}

}  // namespace nursery::queens
