// Placeholder until the skyscrapers kind lands (its own issue): says so, exit 2.
#include "cli.hpp"
#include "commands.hpp"

namespace nursery::cli {

int cmd_skyscrapers(int, char**) { throw UsageError("skyscrapers: not built yet"); }
int cmd_gen_skyscrapers(int, char**) { throw UsageError("gen skyscrapers: not built yet"); }
int verify_skyscrapers_files(const std::string&, const std::string&, bool) {
  throw UsageError("verify skyscrapers: not built yet");
}

}  // namespace nursery::cli
