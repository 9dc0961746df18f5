// The subcommands of the nursery CLI, one file each. argv[0] is
// "nursery <command>"; each returns the process exit status and may throw
// cli::UsageError (exit 2, one line on stderr).
#pragma once

namespace nursery::cli {

int cmd_count(int argc, char** argv);        // count.cpp: N-queens totals
int cmd_queens(int argc, char** argv);       // queens.cpp: enumerate, first, brute
int cmd_bench(int argc, char** argv);        // bench.cpp: N-queens benchmark vs the baseline
int cmd_lizards(int argc, char** argv);      // lizards.cpp
int cmd_skyscrapers(int argc, char** argv);  // skyscrapers.cpp
int cmd_verify(int argc, char** argv);       // verify.cpp: dispatches by the input's kind
int cmd_gen(int argc, char** argv);          // gen.cpp: the kinds with a generator (kinds.hpp)
int gen_lizards(int argc, char** argv);      // gen.cpp: nursery gen lizards
int gen_skyscrapers(int argc, char** argv);  // gen.cpp: nursery gen skyscrapers
int cmd_batch(int argc, char** argv);        // batch.cpp: whole directories, with a report
int cmd_draw(int argc, char** argv);         // draw.cpp: SVG pictures of boards and answers
int cmd_compare(int argc, char** argv);      // compare.cpp: batch reports compared

}  // namespace nursery::cli
