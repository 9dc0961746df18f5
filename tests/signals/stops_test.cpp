// Every stop honoured, round two (issue 30, items 15, 16, 18, 23): the
// queens counters' split and the weighing of its frontier, a checkpoint
// that is a FIFO, the Skyscrapers and queens benches, the construction and
// the writing of a huge queens answer, a big lizards answer written to a
// reader that stalls, gen's stdout said truthfully. Bounds are generous
// (5 s where the figure measured is well under a second): these also run
// under the sanitizers on a loaded two-core machine.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <nursery/background.hpp>
#include <nursery/queens.hpp>
#include <nursery/scheduler.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cpu_seconds.hpp"
#include "queens/counters.hpp"
#include "run_cli.hpp"
#include "spawn_cli.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using nursery::SteadyClock;
using nursery::testing::run_cli;
using nursery::testing::TempDir;

// What a run of the CLI left: its exit status (or -signal), stderr, the
// seconds from `since` (its start, or the signal) to its end, and its peak
// memory.
struct Ran {
  int status = -1;
  std::string err;
  double seconds = 0;
  long peak_kib = 0;
  bool started = true;  // false: it ended before the signal went
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The CLI with `arguments`, stdout to the file `out`, stderr to `err`.
pid_t spawn(const std::vector<std::string>& arguments, const std::string& out,
            const std::string& err) {
  return nursery::testing::spawn_cli(
      arguments, {.folder = "", .out = out, .err = err, .in = -1, .nohup = false});
}

Ran reap(pid_t pid, SteadyClock::time_point since, const std::string& err) {
  Ran ran;
  int raw = 0;
  rusage usage{};
  // (a hung run is killed after two minutes, so that the test fails, not hangs)
  const auto give_up = SteadyClock::now() + std::chrono::minutes(2);
  while (::wait4(pid, &raw, WNOHANG, &usage) != pid) {
    if (SteadyClock::now() > give_up) ::kill(pid, SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ran.seconds = std::chrono::duration<double>(SteadyClock::now() - since).count();
  ran.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -WTERMSIG(raw);
  ran.peak_kib = usage.ru_maxrss;
  ran.err = slurp(err);
  return ran;
}

Ran run(const std::vector<std::string>& arguments, const std::string& out, const std::string& err) {
  const auto start = SteadyClock::now();
  return reap(spawn(arguments, out, err), start, err);
}

using nursery::testing::cpu_seconds;

// Runs `arguments` until it has used `work` CPU seconds, sends `signal`,
// and times the end from the signal.
Ran signalled(const std::vector<std::string>& arguments, int signal, const std::string& out,
              const std::string& err, double work = 0.3) {
  pid_t pid = spawn(arguments, out, err);
  const auto give_up = SteadyClock::now() + std::chrono::seconds(120);
  while (cpu_seconds(pid) < work && SteadyClock::now() < give_up) {
    int raw = 0;
    if (::waitpid(pid, &raw, WNOHANG) == pid) {
      Ran ended;
      ended.started = false;
      ended.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -WTERMSIG(raw);
      return ended;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const auto sent = SteadyClock::now();
  ::kill(pid, signal);
  return reap(pid, sent, err);
}

// The temporaries a stopped write must not leave (".NAME.tmp.PID.SEQ").
int temporaries_in(const fs::path& folder) {
  int found = 0;
  for (const auto& entry : fs::directory_iterator(folder))
    found += entry.path().filename().string().find(".tmp.") != std::string::npos;
  return found;
}

constexpr double kPromptly = 5.0;  // seconds; the figure measured is under one

// Item 16: count 25 cuts 620,359 join pieces and weighs each (random
// descents) for the progress bar: 16.7 s before any look at the stop.
TEST(Stops, CountTwentyFiveHonoursTimeoutAndSignalsDuringTheSplit) {
  TempDir dir;
  const std::string out = dir / "out", err = dir / "err";
  Ran timed = run({"count", "25", "--timeout", "0.5", "--progress"}, out, err);
  EXPECT_EQ(timed.status, 3) << timed.err;
  EXPECT_LT(timed.seconds, 0.5 + kPromptly) << timed.err;
  for (int signal : {SIGINT, SIGTERM}) {
    Ran stopped = signalled({"count", "25", "--progress"}, signal, out, err);
    ASSERT_TRUE(stopped.started);
    EXPECT_EQ(stopped.status, 128 + signal) << stopped.err;
    EXPECT_LT(stopped.seconds, kPromptly) << stopped.err;
  }
  // The checkpoint's way (the same frontier, a checkpoint created) and the
  // estimate's (two frontiers cut) too.
  Ran resumable =
      run({"count", "25", "--checkpoint", dir / "c.ckpt", "--timeout", "0.5"}, out, err);
  EXPECT_EQ(resumable.status, 3) << resumable.err;
  EXPECT_LT(resumable.seconds, 0.5 + kPromptly) << resumable.err;
  Ran estimate = signalled({"count", "25", "--estimate", "60"}, SIGTERM, out, err);
  ASSERT_TRUE(estimate.started);
  EXPECT_EQ(estimate.status, 143) << estimate.err;
  EXPECT_LT(estimate.seconds, kPromptly) << estimate.err;
}

// Item 15: a FIFO as checkpoint blocked in its open, and the first signal
// was swallowed; now it is refused up front, as is any file that is not a
// regular one.
TEST(Stops, ACheckpointThatIsNoRegularFileIsRefused) {
  TempDir dir;
  const std::string fifo = dir / "f";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const std::vector<std::string>& arguments :
       {std::vector<std::string>{"count", "10", "--checkpoint", fifo, "--resume"},
        std::vector<std::string>{"count", "10", "--checkpoint", fifo},
        std::vector<std::string>{"count", "10", "--checkpoint", dir.path().string()},
        std::vector<std::string>{"count", "10", "--checkpoint", "/dev/null"},
        std::vector<std::string>{"count", "--merge", fifo}}) {
    Ran refused = run(arguments, dir / "out", dir / "err");
    EXPECT_EQ(refused.status, 2) << arguments[2] << ": " << refused.err;
    EXPECT_LT(refused.seconds, kPromptly);
    EXPECT_NE(refused.err.find("expected a regular checkpoint file"), std::string::npos)
        << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  }
  // Through a link, the same.
  fs::create_symlink(fifo, dir / "link");
  EXPECT_EQ(run({"count", "10", "--checkpoint", dir / "link"}, dir / "out", dir / "err").status, 2);
  // A regular checkpoint still works, created and resumed.
  EXPECT_EQ(run({"count", "10", "--checkpoint", dir / "c.ckpt"}, dir / "out", dir / "err").status,
            0);
  EXPECT_EQ(
      run({"count", "10", "--checkpoint", dir / "c.ckpt", "--resume"}, dir / "out", dir / "err")
          .status,
      0);
  EXPECT_EQ(slurp(dir / "out").substr(0, 3), "724");
}

// Item 18: Skyscrapers --bench R ran R rounds without a look at the stop.
TEST(Stops, SkyscrapersBenchEndsOnSignalsAndTimeout) {
  TempDir dir;
  const std::string puzzles = dir / "s.txt";
  ASSERT_EQ(run_cli("gen skyscrapers --size 5 --count 2 --seed 4 -o " + puzzles).status, 0);
  for (int signal : {SIGINT, SIGTERM}) {
    Ran stopped = signalled({"skyscrapers", puzzles, "--bench", "1000000000", "--threads", "1"},
                            signal, dir / "out", dir / "err");
    ASSERT_TRUE(stopped.started);
    EXPECT_EQ(stopped.status, 128 + signal) << stopped.err;
    EXPECT_LT(stopped.seconds, kPromptly);
    EXPECT_EQ(slurp(dir / "out"), "");  // no row of a bench cut short
  }
  Ran timed = run({"skyscrapers", puzzles, "--bench", "1000000000", "--timeout", "0.5"},
                  dir / "out", dir / "err");
  EXPECT_EQ(timed.status, 3) << timed.err;
  EXPECT_LT(timed.seconds, 0.5 + kPromptly);
  // A whole bench prints its row, exit 0.
  Ran whole = run({"skyscrapers", puzzles, "--bench", "2"}, dir / "out", dir / "err");
  EXPECT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(slurp(dir / "out").rfind("| s.txt | 5 | 2 |", 0), 0u) << slurp(dir / "out");
}

// A stream without end (/dev/zero as a puzzle file or an answer) is read
// with an ear for the signals between reads: it ends with the signal's
// status at once, not when memory runs out.
TEST(Stops, AnEndlessInputEndsOnASignal) {
  TempDir dir;
  const std::string puzzles = dir / "s.txt";
  ASSERT_EQ(run_cli("gen skyscrapers --size 4 --count 1 --seed 4 -o " + puzzles).status, 0);
  const std::vector<std::vector<std::string>> commands = {{"skyscrapers", "/dev/zero"},
                                                          {"verify", puzzles, "/dev/zero"}};
  for (const auto& command : commands)
    for (int signal : {SIGINT, SIGTERM}) {
      Ran stopped = signalled(command, signal, dir / "out", dir / "err", 0.05);
      ASSERT_TRUE(stopped.started) << command[0] << ": ended before the signal";
      EXPECT_EQ(stopped.status, 128 + signal) << command[0] << ": " << stopped.err;
      EXPECT_LT(stopped.seconds, kPromptly) << command[0];
    }
}

// Item 23: bench queens stopped by a signal said "ERROR", exit 2.
TEST(Stops, BenchQueensEndsWithTheSignalsStatus) {
  TempDir dir;
  for (int signal : {SIGINT, SIGTERM}) {
    Ran stopped =
        signalled({"bench", "queens", "--n", "17,17,17", "--no-baseline", "--threads", "1"}, signal,
                  dir / "out", dir / "err");
    ASSERT_TRUE(stopped.started);
    EXPECT_EQ(stopped.status, 128 + signal) << stopped.err;
    EXPECT_LT(stopped.seconds, kPromptly);
    EXPECT_EQ(stopped.err.find("ERROR"), std::string::npos) << stopped.err;
  }
}

// Item 18: queens 100000000 built two lists of rows beside the answer, a
// string per column in the checker and an 890 MB string of rows (13.9 s,
// 1.96 GB, deaf to signals and the deadline). Now the deadline and the
// signals are looked at while it is made and written; a stopped file write
// leaves nothing under the name nor a temporary.
TEST(Stops, AHugeQueensAnswerHonoursTheDeadlineAndSignals) {
  TempDir dir;
  const std::string answer = dir / "q.txt";
  Ran timed =
      run({"queens", "100000000", "--timeout", "1", "-o", answer}, dir / "out", dir / "err");
  EXPECT_EQ(timed.status, 3) << timed.err;
  EXPECT_LT(timed.seconds, 1 + kPromptly) << timed.err;
  EXPECT_FALSE(fs::exists(answer));
  EXPECT_EQ(temporaries_in(dir.path()), 0);
  EXPECT_LT(timed.peak_kib, 1000L * 1024) << "peak memory, KiB";  // the answer is 400 MB
  // On stdout what went out is said, to the byte.
  Ran piped = run({"queens", "100000000", "--timeout", "1"}, dir / "stdout.txt", dir / "err");
  EXPECT_EQ(piped.status, 3) << piped.err;
  const auto sent = fs::file_size(dir / "stdout.txt");
  if (sent == 0)  // stopped while the answer was made, or before its first piece
    EXPECT_TRUE(piped.err.find("no solution found yet") != std::string::npos ||
                piped.err.find("nothing written to stdout") != std::string::npos)
        << piped.err;
  else
    EXPECT_NE(piped.err.find(std::to_string(sent) + " bytes of it went to stdout"),
              std::string::npos)
        << piped.err;
  for (int signal : {SIGINT, SIGTERM}) {
    Ran stopped =
        signalled({"queens", "100000000", "-o", answer}, signal, dir / "out", dir / "err", 0.2);
    if (!stopped.started) continue;  // a fast machine wrote it all first
    EXPECT_EQ(stopped.status, 128 + signal) << stopped.err;
    EXPECT_LT(stopped.seconds, kPromptly);
    EXPECT_FALSE(fs::exists(answer));
    EXPECT_EQ(temporaries_in(dir.path()), 0);
  }
  // Unstopped, the streamed answer is the one the construction gives.
  ASSERT_EQ(run({"queens", "1000", "-o", answer}, dir / "out", dir / "err").status, 0);
  const std::string rows = slurp(answer);
  EXPECT_EQ(rows.back(), '\n');
  EXPECT_EQ(std::count(rows.begin(), rows.end(), ' '), 999);
  ASSERT_EQ(run({"queens", "300", "--format", "board"}, dir / "board.txt", dir / "err").status, 0);
  const std::string board = slurp(dir / "board.txt");
  EXPECT_EQ(board.size(), 300u * 301u);
  EXPECT_EQ(std::count(board.begin(), board.end(), 'Q'), 300);
}

// Item 18, the same under --json: beyond 2^16 queens the solution's array
// is written as it is made, in print_json's layout; a signal stops it.
TEST(Stops, AHugeQueensAnswerInJsonIsWrittenAsItIsMade) {
  TempDir dir;
  for (const std::string flag : {"--json", "--json-pretty"}) {
    for (std::uint32_t n : {65536u, 65537u, 300001u}) {  // 300001: several pieces
      Ran ran = run({"queens", std::to_string(n), flag}, dir / "q.json", dir / "err");
      ASSERT_EQ(ran.status, 0) << ran.err;
      const std::string text = slurp(dir / "q.json");
      const auto document = nlohmann::json::parse(text);
      EXPECT_EQ(document["status"], "OK");
      EXPECT_EQ(document["n"], n);
      const auto solution = document["solution"].get<std::vector<std::uint32_t>>();
      EXPECT_TRUE(nursery::queens::verify(n, solution).valid) << n;
      EXPECT_EQ(solution, nursery::queens::construct(n)) << n;
      // One line, or print_json's indented layout (a number per line).
      if (flag == "--json")
        EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
      else
        EXPECT_EQ(text, document.dump(2) + "\n") << n;
    }
  }
  for (int signal : {SIGINT, SIGTERM}) {
    Ran stopped =
        signalled({"queens", "100000000", "--json"}, signal, dir / "q.json", dir / "err", 0.2);
    if (!stopped.started) continue;  // a fast machine wrote it all first
    EXPECT_EQ(stopped.status, 128 + signal) << stopped.err;
    EXPECT_LT(stopped.seconds, kPromptly);
  }
}

// Item 18: a lizards answer written to a reader that stalls: the signal
// stops the write (exit 143, not 0 after writing it all).
TEST(Stops, ABigLizardsAnswerStopsOnASignalMidWrite) {
  TempDir dir;
  const std::string board = dir / "board.txt", fifo = dir / "answer";
  ASSERT_EQ(run_cli("gen lizards --n 4000 --trees 0 --p 1 -o " + board).status, 0);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  pid_t pid = spawn({"lizards", board, "-o", fifo, "--threads", "1", "--no-progress", "--json"},
                    dir / "out", dir / "err");
  int reader = ::open(fifo.c_str(), O_RDONLY);  // waits for the writer
  ASSERT_GE(reader, 0);
  char buffer[1 << 16];
  ASSERT_GT(::read(reader, buffer, sizeof buffer), 0);  // it is writing now
  const auto sent = SteadyClock::now();
  ::kill(pid, SIGTERM);
  std::uint64_t drained = 0;
  for (ssize_t got; (got = ::read(reader, buffer, sizeof buffer)) > 0;) drained += got;
  ::close(reader);
  Ran stopped = reap(pid, sent, dir / "err");
  EXPECT_EQ(stopped.status, 143) << stopped.err;
  EXPECT_LT(stopped.seconds, kPromptly);
  EXPECT_LT(drained, 4000u * 4001u) << "the whole answer went out after the signal";
  // --json still gives its document, which says so.
  const auto document = nlohmann::json::parse(slurp(dir / "out"));
  EXPECT_EQ(document["status"], "INTERRUPTED");
  EXPECT_FALSE(document.contains("output"));
}

// Item 23: gen lizards to stdout said "nothing written" after 187 MB went
// there. Now what went out is said, to the byte; a file is never left.
TEST(Stops, GenLizardsSaysWhatWentToStdout) {
  TempDir dir;
  const std::string big = dir / "big.txt";
  Ran timed =
      run({"gen", "lizards", "--n", "65535", "--p", "5", "--timeout", "1"}, big, dir / "err");
  EXPECT_EQ(timed.status, 3) << timed.err;
  EXPECT_LT(timed.seconds, 1 + kPromptly);
  const auto sent = fs::file_size(big);
  if (sent == 0)
    EXPECT_NE(timed.err.find("nothing written"), std::string::npos) << timed.err;
  else
    EXPECT_NE(timed.err.find(std::to_string(sent) + " bytes of an incomplete board went to stdout"),
              std::string::npos)
        << timed.err;
  // To a file: nothing, no temporary.
  Ran to_file =
      run({"gen", "lizards", "--n", "65535", "--p", "5", "--timeout", "1", "-o", dir / "g.txt"},
          dir / "out", dir / "err");
  EXPECT_EQ(to_file.status, 3) << to_file.err;
  EXPECT_FALSE(fs::exists(dir / "g.txt"));
  EXPECT_EQ(temporaries_in(dir.path()), 0);
  EXPECT_NE(to_file.err.find("nothing written"), std::string::npos) << to_file.err;
}

// The construction as it was (two lists of rows, then the placement): the
// one filled in place must give the same answer for every n.
nursery::queens::Placement construct_as_before(std::uint32_t n) {
  std::vector<std::uint32_t> evens, odds;
  for (std::uint32_t r = 2; r <= n; r += 2) evens.push_back(r);
  for (std::uint32_t r = 1; r <= n; r += 2) odds.push_back(r);
  if (n % 6 == 2) {
    std::vector<std::uint32_t> repaired = {3, 1};
    for (std::uint32_t r : odds)
      if (r > 5) repaired.push_back(r);
    repaired.push_back(5);
    odds = repaired;
  } else if (n % 6 == 3) {
    evens.erase(evens.begin());
    evens.push_back(2);
    odds.erase(odds.begin(), odds.begin() + 2);
    odds.push_back(1);
    odds.push_back(3);
  }
  nursery::queens::Placement placement;
  for (std::uint32_t r : evens) placement.push_back(r - 1);
  for (std::uint32_t r : odds) placement.push_back(r - 1);
  return placement;
}

TEST(Stops, TheConstructionPollsItsBudgetAndGivesTheSameAnswer) {
  namespace q = nursery::queens;
  for (std::uint32_t n = 1; n <= 400; ++n) {
    if (n == 2 || n == 3) continue;
    const auto built = q::construct(n, nursery::Budget());
    ASSERT_TRUE(built.has_value()) << n;
    EXPECT_EQ(*built, construct_as_before(n)) << n;
    EXPECT_TRUE(q::verify(n, *built).valid) << n;
    EXPECT_FALSE(q::construct(n, nursery::Budget().or_when([] { return true; })).has_value());
  }
  // A budget spent part way: nothing, not a part of the answer.
  int looks = 0;
  EXPECT_FALSE(
      q::construct(5000000, nursery::Budget().or_when([&] { return ++looks > 2; })).has_value());
  EXPECT_EQ(looks, 3);
}

// Item 16, the split itself: the join's patterns are listed under the
// run's budget; a spent budget gives no frontier (never a part of one),
// and the scheduler's run reports it stopped, not a count of nothing.
TEST(Stops, TheJoinsSplitLooksAtTheBudget) {
  namespace q = nursery::queens;
  for (int n : {1, 5, 12, 17}) {
    const q::JoinCount::Instance instance{n, 0};
    const auto whole = q::JoinCount::split(instance, 64, nursery::Budget());
    ASSERT_TRUE(whole.has_value()) << n;
    const auto plain = q::JoinCount::split(instance, 64);
    ASSERT_EQ(whole->size(), plain.size()) << n;
    for (std::size_t i = 0; i < plain.size(); ++i)
      EXPECT_EQ(std::memcmp(&(*whole)[i], &plain[i], sizeof plain[i]), 0) << n << " " << i;
  }
  // N = 29 on a wide chunk: 11.5 million pieces, stopped at once.
  const q::JoinCount::Instance wide{29, 9};
  const auto spent = nursery::Budget().or_when([] { return true; });
  EXPECT_FALSE(q::JoinCount::split(wide, 64, spent).has_value());
  nursery::StopSource stop;
  stop.request(nursery::StopReason::cancelled);
  nursery::RunOptions options;
  options.budget = nursery::Budget(&stop);
  const auto result = nursery::run<q::JoinCount>(wide, options);
  EXPECT_EQ(result.status, nursery::Status::cancelled);
  options.budget = nursery::Budget(nullptr, 1e-9);
  EXPECT_EQ(nursery::run<q::JoinCount>(q::JoinCount::Instance{29, 9}, options).status,
            nursery::Status::timeout);
}

TEST(Stops, AnswersInPiecesAreTheAnswer) {
  namespace q = nursery::queens;
  for (std::uint32_t n : {1u, 4u, 8u, 33u, 1000u}) {
    const auto placement = q::construct(n);
    for (auto form : {q::Format::string, q::Format::rows, q::Format::board}) {
      if (form == q::Format::string && n > 35) continue;
      for (std::size_t bytes : {std::size_t{1}, std::size_t{7}, std::size_t{1} << 20}) {
        auto next = q::format_pieces(placement, form, bytes);
        std::string whole, piece;
        int pieces = 0;
        for (bool more = true; more && pieces < 10000000; ++pieces) {
          piece.clear();
          more = next(piece);
          whole += piece;
        }
        EXPECT_EQ(whole, q::format(placement, form)) << n << " " << bytes;
      }
    }
  }
}

}  // namespace
