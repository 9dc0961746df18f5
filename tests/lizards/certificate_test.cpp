// Bound certificates (issue 33): the certificate --max writes verifies with
// the independent checker (batch::verify_bound, nothing of the solver), the
// bound it proves is never below the maximum an exhaustive search finds,
// and a certificate corrupted in any of the ways a wrong proof could be (a
// weight lowered, a cell left uncovered, a segment that is not one, a bound
// claimed below the weights) is refused; a malformed one is an InputError
// naming its line.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <nursery/batch.hpp>
#include <nursery/scheduler.hpp>
#include <random>
#include <sstream>

#include "lizards/techniques.hpp"
#include "support.hpp"

namespace {

using namespace lizards_test;
namespace batch = nursery::batch;

nursery::Verification check(const lz::Board& board, const std::string& certificate) {
  auto verdict =
      batch::verify_bound(lz::format_instance(board), certificate, "board.txt", "cert.txt");
  EXPECT_TRUE(verdict.has_value());
  return verdict.value_or(nursery::Verification{});
}

// The LP's certificate, from a run of the LP to its end.
lz::BoundCertificate lp_certificate(const lz::Board& board, std::uint64_t* value = nullptr) {
  auto instance = lz::build_instance(board);
  lz::PackingOptions options;
  options.keep_proof = true;
  std::optional<lz::BoundCertificate> proof;
  nursery::with_workers(1, [&] {
    lz::PackingLp lp(*instance, options);
    const auto& bound = lp.run(nursery::Budget());
    if (value != nullptr) *value = bound.value;
    proof = lp.certificate();
  });
  return *proof;
}

TEST(LizardsCertificate, MaximizeCertificatesVerifyAndAreNeverBelowTheMaximum) {
  std::mt19937_64 rng(33);
  for (int trial = 0; trial < 80; ++trial) {
    const auto n = 1 + static_cast<std::uint32_t>(rng() % 6);
    lz::Board board = random_trees(rng, n, static_cast<double>(rng() % 5) / 10.0);
    lz::MaximizeOptions options;
    options.threads = 1 + trial % 2;
    options.certificate = true;
    const lz::MaximizeReport report = lz::maximize(board, options);
    ASSERT_TRUE(report.certificate.has_value());
    const lz::BoundCertificate& proof = *report.certificate;
    const std::string text = lz::format_certificate(proof);
    const auto verdict = check(board, text);
    EXPECT_TRUE(verdict.valid) << verdict.reason << "\n" << lz::format_instance(board) << text;
    EXPECT_GE(proof.bound, brute_force_max(board)) << lz::format_instance(board) << text;
    EXPECT_GE(proof.bound, report.upper);  // the DFS may prove less than any certificate
    if (proof.by == "set-packing LP") {
      EXPECT_EQ(proof.bound, report.packing_bound);
    }
  }
}

TEST(LizardsCertificate, TheLpsCertificateProvesTheLpsBound) {
  for (std::uint64_t seed : {1u, 2u}) {
    const lz::Board board = generated(40, 0.1, seed);
    std::uint64_t value = 0;
    const lz::BoundCertificate proof = lp_certificate(board, &value);
    EXPECT_EQ(proof.bound, value);
    // Far below the empty cells: the weights carry the proof, not the cells'
    // own shortfalls.
    EXPECT_LT(proof.bound, board.cells.size() / 3);
    const auto verdict = check(board, lz::format_certificate(proof));
    EXPECT_TRUE(verdict.valid) << verdict.reason;
    EXPECT_EQ(verdict.reason.rfind("bound " + std::to_string(value) + " proven", 0), 0u)
        << verdict.reason;
  }
}

// The certificate's lines, to corrupt one.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}
std::string text_of(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

lz::Board corrupted_board() {
  return generated(24, 0.15, 7);
}

TEST(LizardsCertificate, ALoweredWeightIsRefused) {
  const lz::Board board = corrupted_board();
  // The LP's: a cell's shortfall is exactly what it lacks, one less leaves it short.
  auto lines = lines_of(lz::format_certificate(lp_certificate(board)));
  auto cell = std::find_if(lines.begin(), lines.end(),
                           [](const std::string& l) { return l.rfind("cell ", 0) == 0; });
  ASSERT_NE(cell, lines.end()) << "the LP left no cell short of 1 on this board";
  const auto space = cell->rfind(' ');
  *cell = cell->substr(0, space + 1) + std::to_string(std::stoull(cell->substr(space + 1)) - 1);
  auto verdict = check(board, text_of(lines));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("less than 1"), std::string::npos) << verdict.reason;
  // The segments': each cell covered once, weight 1 of scale 1 (line 6:
  // the first segment, after the four lines of the head and the comment).
  lines = lines_of(lz::format_certificate(lz::segment_certificate(board)));
  ASSERT_EQ(lines[5].back(), '1') << lines[5];
  lines[5].back() = '0';
  verdict = check(board, text_of(lines));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("less than 1"), std::string::npos) << verdict.reason;
}

TEST(LizardsCertificate, AnUncoveredCellIsRefused) {
  const lz::Board board = corrupted_board();
  const lz::BoundCertificate proof = lz::segment_certificate(board);
  EXPECT_TRUE(check(board, lz::format_certificate(proof)).valid);
  for (std::size_t drop : {std::size_t{0}, proof.cliques.size() / 2, proof.cliques.size() - 1}) {
    lz::BoundCertificate less = proof;
    less.cliques.erase(less.cliques.begin() + static_cast<std::ptrdiff_t>(drop));
    const auto verdict = check(board, lz::format_certificate(less));
    EXPECT_FALSE(verdict.valid);
    EXPECT_NE(verdict.reason.find("less than 1"), std::string::npos) << verdict.reason;
  }
}

TEST(LizardsCertificate, ASegmentThatIsNotASegmentIsRefused) {
  const lz::Board board = corrupted_board();
  const std::uint32_t n = board.n;
  const lz::BoundCertificate proof = lz::segment_certificate(board);
  // A segment lengthened over the tree that ends it.
  lz::BoundCertificate longer = proof;
  bool found = false;
  for (auto& clique : longer.cliques) {
    const std::uint32_t r = clique.row, c = clique.column, k = clique.length;
    std::uint64_t next = 0;
    bool inside = false;
    switch (clique.shape) {
      case lz::CliqueShape::row: inside = c + k < n, next = std::uint64_t{r} * n + c + k; break;
      case lz::CliqueShape::column: inside = r + k < n, next = std::uint64_t{r + k} * n + c; break;
      case lz::CliqueShape::diagonal:
        inside = r + k < n && c + k < n, next = std::uint64_t{r + k} * n + c + k;
        break;
      case lz::CliqueShape::anti_diagonal:
        inside = r + k < n && c >= k, next = std::uint64_t{r + k} * n + c - k;
        break;
      default: break;
    }
    if (inside && board.cells[next] == lz::kTree) {
      ++clique.length;
      found = true;
      break;
    }
  }
  ASSERT_TRUE(found);
  auto verdict = check(board, lz::format_certificate(longer));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("is not a segment"), std::string::npos) << verdict.reason;
  EXPECT_NE(verdict.reason.find("cert.txt:"), std::string::npos) << verdict.reason;
  // A line that runs off the board, and a weight on a tree.
  lz::BoundCertificate off = proof;
  off.cliques.front().length = n + 1;
  verdict = check(board, lz::format_certificate(off));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("off the board"), std::string::npos) << verdict.reason;
  lz::BoundCertificate on_tree = proof;
  for (std::uint32_t i = 0; i < board.cells.size(); ++i)
    if (board.cells[i] == lz::kTree) {
      on_tree.cliques.push_back({lz::CliqueShape::cell, i / n, i % n, 1, 1, 0, 0, 0, 0, {}});
      break;
    }
  verdict = check(board, lz::format_certificate(on_tree));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("is a tree"), std::string::npos) << verdict.reason;
}

TEST(LizardsCertificate, ATriangleThatIsNoCliqueIsRefused) {
  // 5 x 5 without trees but one: (0, 0), (0, 2), (1, 1) see each other
  // pairwise; with a tree at (0, 1) the first two do not.
  lz::Board open = make_board(5, 1, {"00000", "00000", "00000", "00000", "00000"});
  lz::BoundCertificate proof = lz::segment_certificate(open);
  lz::WeightedClique triangle;
  triangle.shape = lz::CliqueShape::triangle;
  triangle.row = 0, triangle.column = 0, triangle.row2 = 0, triangle.column2 = 2;
  triangle.row3 = 1, triangle.column3 = 1, triangle.weight = 1;
  proof.cliques.push_back(triangle);
  ++proof.bound;
  EXPECT_TRUE(check(open, lz::format_certificate(proof)).valid);
  lz::Board blocked = make_board(5, 1, {"02000", "00000", "00000", "00000", "00000"});
  lz::BoundCertificate blocked_proof = lz::segment_certificate(blocked);
  blocked_proof.cliques.push_back(triangle);
  ++blocked_proof.bound;
  auto verdict = check(blocked, lz::format_certificate(blocked_proof));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("do not see each other"), std::string::npos) << verdict.reason;
  // Three cells of no common lines: (0, 0), (0, 2), (2, 1).
  triangle.row3 = 2;
  proof.cliques.back() = triangle;
  verdict = check(open, lz::format_certificate(proof));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("do not see each other"), std::string::npos) << verdict.reason;
}

TEST(LizardsCertificate, ALargerCliqueIsCheckedPairByPair) {
  // The plus around (2, 2) on an open 5 x 5 board: the cell and its four
  // neighbours see each other pairwise (row, column and the diagonals of
  // the diamond), a clique of five no segment or window holds.
  lz::Board open = make_board(5, 1, {"00000", "00000", "00000", "00000", "00000"});
  lz::WeightedClique plus;
  plus.shape = lz::CliqueShape::clique;
  plus.row = 2, plus.column = 2, plus.weight = 1;
  plus.others = {{1, 2}, {2, 1}, {2, 3}, {3, 2}};
  lz::BoundCertificate proof = lz::segment_certificate(open);
  proof.cliques.push_back(plus);
  ++proof.bound;
  EXPECT_NE(lz::format_certificate(proof).find("clique 5 2 2 1 2 2 1 2 3 3 2 1\n"),
            std::string::npos);
  auto verdict = check(open, lz::format_certificate(proof));
  EXPECT_TRUE(verdict.valid) << verdict.reason;
  // A tree at the centre: (2, 1) and (2, 3) no longer see each other (and
  // the centre is no empty cell).
  lz::Board blocked = make_board(5, 1, {"00000", "00000", "00200", "00000", "00000"});
  lz::BoundCertificate blocked_proof = lz::segment_certificate(blocked);
  plus.row = 1, plus.column = 2;
  plus.others = {{2, 1}, {2, 3}};
  lz::WeightedClique diamond = plus;
  diamond.others.push_back({3, 2});
  blocked_proof.cliques.push_back(diamond);
  ++blocked_proof.bound;
  verdict = check(blocked, lz::format_certificate(blocked_proof));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("do not see each other"), std::string::npos) << verdict.reason;
  // A cell named twice is no pair that sees each other either.
  diamond.others.back() = {2, 1};
  proof.cliques.back() = diamond;
  verdict = check(open, lz::format_certificate(proof));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("do not see each other"), std::string::npos) << verdict.reason;
  // A cell off the board.
  diamond.others.back() = {2, 7};
  proof.cliques.back() = diamond;
  verdict = check(open, lz::format_certificate(proof));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("off the board"), std::string::npos) << verdict.reason;
}

// An odd cycle (cycle K R1 C1 ... RK CK WEIGHT) holds (K - 1) / 2 lizards:
// its weight counts that often in the sum. The hole of five cells on a 7 x 7
// board with a tree at the centre, each seeing the next; refused when its
// length is even, two consecutive cells (the last and the first among them)
// do not see each other, a cell is named twice or is a tree.
TEST(LizardsCertificate, AnOddCycleIsCheckedAlongItsEdges) {
  const lz::Board board = make_board(
      7, 1, {"0000000", "0000000", "0000000", "0002000", "0000000", "0000000", "0000000"});
  lz::WeightedClique hole;
  hole.shape = lz::CliqueShape::cycle;
  hole.row = 0, hole.column = 0, hole.weight = 1;
  hole.others = {{0, 4}, {2, 6}, {6, 6}, {6, 0}};
  lz::BoundCertificate proof = lz::segment_certificate(board);
  proof.cliques.push_back(hole);
  proof.bound += 2;
  EXPECT_NE(lz::format_certificate(proof).find("\ncycle 5 0 0 0 4 2 6 6 6 6 0 1\n"),
            std::string::npos);
  auto verdict = check(board, lz::format_certificate(proof));
  EXPECT_TRUE(verdict.valid) << verdict.reason;
  // The weight counts twice: a bound one higher than the segments' is too low.
  --proof.bound;
  verdict = check(board, lz::format_certificate(proof));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("sum to more than the bound"), std::string::npos) << verdict.reason;
  ++proof.bound;
  auto refused = [&](lz::WeightedClique cycle, const std::string& why) {
    lz::BoundCertificate corrupted = proof;
    corrupted.cliques.back() = std::move(cycle);
    const auto text = lz::format_certificate(corrupted);
    const auto result = check(board, text);
    EXPECT_FALSE(result.valid) << text;
    EXPECT_NE(result.reason.find(why), std::string::npos) << result.reason;
    EXPECT_EQ(result.reason.find('\n'), std::string::npos) << result.reason;  // one line
  };
  lz::WeightedClique even = hole;  // four cells: (6, 6) and (0, 0) see each other, but even
  even.others = {{0, 4}, {2, 6}, {6, 6}};
  refused(even, "not odd");
  lz::WeightedClique swapped = hole;  // (0, 4) and (6, 6) do not see each other
  swapped.others = {{0, 4}, {6, 6}, {2, 6}, {6, 0}};
  refused(swapped, "do not see each other");
  lz::WeightedClique chord = hole;  // (0, 0) and (6, 6): the tree at (3, 3) between
  chord.others = {{6, 6}, {2, 6}, {0, 4}, {6, 0}};
  refused(chord, "do not see each other");
  lz::WeightedClique twice = hole;
  twice.others = {{0, 4}, {0, 0}, {0, 4}, {6, 0}};
  refused(twice, "named twice");
  lz::WeightedClique tree = hole;
  tree.others = {{0, 4}, {2, 6}, {3, 3}, {6, 0}};
  refused(tree, "is a tree");
}

TEST(LizardsCertificate, ABoundBelowTheWeightsIsRefused) {
  const lz::Board board = corrupted_board();
  lz::BoundCertificate proof = lp_certificate(board);
  ASSERT_GT(proof.bound, 0u);
  --proof.bound;
  const auto verdict = check(board, lz::format_certificate(proof));
  EXPECT_FALSE(verdict.valid);
  EXPECT_NE(verdict.reason.find("sum to more than the bound"), std::string::npos) << verdict.reason;
  // Another board's certificate.
  lz::Board other = board;
  other.n = board.n - 1;
  other.cells.resize(std::size_t{other.n} * other.n, lz::kEmpty);
  EXPECT_FALSE(check(other, lz::format_certificate(lp_certificate(board))).valid);
}

TEST(LizardsCertificate, AMalformedCertificateNamesItsLine) {
  const lz::Board board = corrupted_board();
  auto lines = lines_of(lz::format_certificate(lz::segment_certificate(board)));
  const auto input = lz::format_instance(board);
  auto line_of_error = [&](const std::string& text) -> std::size_t {
    try {
      (void)batch::verify_bound(input, text, "board.txt", "cert.txt");
    } catch (const nursery::InputError& error) {
      EXPECT_EQ(error.file, "cert.txt");
      return error.line;
    }
    return 0;
  };
  auto broken = lines;
  broken[6] = "row 1 x 2 1";
  EXPECT_EQ(line_of_error(text_of(broken)), 7u);
  broken = lines;
  broken[5] = "triangle 0 0 1";
  EXPECT_EQ(line_of_error(text_of(broken)), 6u);
  broken = lines;
  broken[5] = "clique 3 0 0 1 1 2";  // a cell short of the three it names
  EXPECT_EQ(line_of_error(text_of(broken)), 6u);
  broken = lines;
  broken[5] = "clique 0 1";
  EXPECT_EQ(line_of_error(text_of(broken)), 6u);
  broken = lines;
  broken[5] = "cycle 5 0 0 1 1 2";  // cells short of the five it names
  EXPECT_EQ(line_of_error(text_of(broken)), 6u);
  broken = lines;
  broken.pop_back();  // no "end": a truncated file
  EXPECT_EQ(line_of_error(text_of(broken)), lines.size());
  broken = lines;
  broken[0] = "lizards certificate";
  EXPECT_EQ(line_of_error(text_of(broken)), 1u);
  broken = lines;
  broken.push_back("row 0 0 1 1");
  EXPECT_EQ(line_of_error(text_of(broken)), lines.size() + 1);
}

// ---- The CLI: --max --certificate, then verify --bound ---------------------------

TEST(LizardsCertificateCli, MaxWritesACertificateVerifyProves) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("nursery-cert-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string cli = NURSERY_CLI;
  const std::string board = (dir / "b.txt").string(), cert = (dir / "cert.txt").string(),
                    out = (dir / "out.txt").string();
  ASSERT_EQ(
      run_command(cli + " gen lizards --n 50 --trees 0.15 --p auto --seed 4 -o " + board).status,
      0);
  CommandResult solved = run_command(
      cli + " lizards " + board + " --max --timeout 2 --json -o " + out + " --certificate " + cert,
      true);
  ASSERT_EQ(solved.status, 0) << solved.out;
  const auto report = nlohmann::json::parse(solved.out);
  const auto upper = report["upper"].get<std::uint64_t>();
  ASSERT_TRUE(report.contains("certificate"));
  EXPECT_EQ(report["certificate"]["bound"].get<std::uint64_t>(), upper);  // the LP's, on 50 x 50
  CommandResult proven = run_command(cli + " verify " + board + " --bound " + cert);
  EXPECT_EQ(proven.status, 0) << proven.out;
  EXPECT_EQ(proven.out.rfind("bound " + std::to_string(upper) + " proven", 0), 0u) << proven.out;
  // Refused: a bound claimed one lower (exit 1); malformed (exit 2, file:line).
  std::ifstream in(cert);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string claim = "bound " + std::to_string(upper) + "\n";
  ASSERT_NE(text.find(claim), std::string::npos);
  std::ofstream(cert) << text.replace(text.find(claim), claim.size(),
                                      "bound " + std::to_string(upper - 1) + "\n");
  CommandResult refused = run_command(cli + " verify " + board + " --bound " + cert);
  EXPECT_EQ(refused.status, 1) << refused.out;
  EXPECT_EQ(refused.out.rfind("not proven: ", 0), 0u) << refused.out;
  std::ofstream(cert) << "lizards bound certificate\nn 50\nscale one\n";
  CommandResult malformed = run_command(cli + " verify " + board + " --bound " + cert);
  EXPECT_EQ(malformed.status, 2) << malformed.out;
  EXPECT_NE(malformed.out.find(cert + ":3: expected"), std::string::npos) << malformed.out;
  // Standard output carries one document: the answer or the JSON, or the
  // certificate when the answer goes to -o.
  EXPECT_EQ(run_command(cli + " lizards " + board + " --max --timeout 1 --certificate -").status,
            2);
  EXPECT_EQ(run_command(cli + " lizards " + board + " --max --timeout 1 -o " + out +
                        " --json --certificate /dev/stdout")
                .status,
            2);
  CommandResult to_stdout = run_command(
      cli + " lizards " + board + " --max --timeout 1 -o " + out + " --certificate -", true);
  EXPECT_EQ(to_stdout.status, 0);
  EXPECT_EQ(to_stdout.out.rfind("lizards bound certificate\n", 0), 0u) << to_stdout.out;
  // --certificate without --max; --bound with an ANSWER.
  EXPECT_EQ(run_command(cli + " lizards " + board + " --certificate " + cert).status, 2);
  EXPECT_EQ(run_command(cli + " verify " + board + " " + out + " --bound " + cert).status, 2);
  fs::remove_all(dir);
}

}  // namespace
