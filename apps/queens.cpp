#include "cli.hpp"
#include "commands.hpp"
namespace nursery::cli {
int cmd_queens(int, char**) { throw UsageError("queens: not built yet"); }
}  // namespace nursery::cli
