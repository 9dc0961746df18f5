// nursery queens N's choices (cli/queens/show.hpp): the format and the
// listing's window, checked in the command's order and words.
#include "cli/queens/show.hpp"

#include "cli/cli.hpp"

namespace nursery::queens {

using cli::usage_error;

std::string show_format(const ShowRequest& request) {
  const std::uint32_t n = request.n;
  if (request.all && request.first) throw usage_error("--all and --first exclude each other");
  if (n < 1 || n > kMaxShowN) throw usage_error("N must be between 1 and 100000000");
  if (request.all && n > static_cast<std::uint32_t>(kMaxCountN))
    throw usage_error("--all: N must be between 1 and 32");
  const bool one = !request.all && !request.json;  // one solution, shown as it is
  if (!cli::is_stdio(request.output) && !one)
    throw usage_error("-o: one solution, without --all or --json");
  const std::string format = request.format                          ? *request.format
                             : cli::named_as(request.output, ".svg") ? "svg"
                             : cli::named_as(request.output, ".png")
                                 ? "png"
                                 : (n <= 32 ? "string" : "rows");
  if (format != "string" && format != "rows" && format != "board" && format != "svg" &&
      format != "png")
    throw usage_error("--format: expected string, rows, board, svg or png, found '" + format + "'");
  if ((format == "svg" || format == "png") && !one)
    throw usage_error("--format " + format + ": one solution, without --all or --json");
  if (format == "string" && n > 35)
    throw usage_error("--format string: N must be at most 35 (one character per row)");
  return format;
}

ListOptions list_window(bool all, bool given, std::uint64_t skip, std::uint64_t limit,
                        std::optional<std::uint64_t> nth) {
  if ((given || nth) && !all) throw usage_error("--skip, --limit and --nth go with --all");
  if (!nth) return {skip, limit, {}};
  if (skip != 0 || limit != 0) throw usage_error("--nth excludes --skip and --limit");
  if (*nth == 0) throw usage_error("--nth: expected K >= 1, found 0");
  return {*nth - 1, 1, {}};
}

}  // namespace nursery::queens
