#include "cli.hpp"
#include "commands.hpp"
namespace nursery::cli {
int cmd_bench(int, char**) { throw UsageError("bench: not built yet"); }
}  // namespace nursery::cli
