#include "cli.hpp"
#include "commands.hpp"
namespace nursery::cli {
int cmd_count(int, char**) { throw UsageError("count: not built yet"); }
}  // namespace nursery::cli
