// Placeholder until the lizards kind lands (its own issue): says so, exit 2.
#include "cli.hpp"
#include "commands.hpp"

namespace nursery::cli {

int cmd_lizards(int, char**) { throw UsageError("lizards: not built yet"); }
int cmd_gen_lizards(int, char**) { throw UsageError("gen lizards: not built yet"); }
int verify_lizards_files(const std::string&, const std::string&, bool) {
  throw UsageError("verify lizards: not built yet");
}

}  // namespace nursery::cli
