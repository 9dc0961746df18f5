// nursery count's printer (count_report.cpp): a count's report as the
// number, a part's line, the estimate or one JSON object (`extra` added to
// it: ranks, merged) on `out` (stdout, or -o's Results); returns the exit
// status.
#pragma once

#include "cli/queens/count_command.hpp"
#include "options.hpp"

namespace nursery::cli {
int print_count(std::ostream& out, const queens::CountReport& report, const po::variables_map& vm,
                bool listed, nlohmann::json extra = nlohmann::json::object());
}  // namespace nursery::cli
