// The counters' kernels' instruction-set levels (engine/queens/kernels.hpp,
// isa.hpp): the level a process runs is the best its CPU has, held by
// NURSERY_ISA to at most the level it names (ctest runs the counting
// suites again under NURSERY_ISA=avx2 and x86-64: queens_kernels_*), and
// the CLI shows the level that ran (--stats, --json, --version) and refuses
// a name it does not know.
#include "queens/kernels.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <nursery/queens.hpp>
#include <optional>
#include <string>

#include "run_cli.hpp"

namespace {

using nursery::queens::Isa;

// NURSERY_ISA set to `value` (or unset) while the object lives: for the
// CLI this test runs (this process's level is chosen once, already).
class IsaVariable {
 public:
  explicit IsaVariable(const char* value) {
    if (const char* before = std::getenv("NURSERY_ISA")) before_ = before;
    if (value != nullptr)
      setenv("NURSERY_ISA", value, 1);
    else
      unsetenv("NURSERY_ISA");
  }
  ~IsaVariable() {
    if (before_)
      setenv("NURSERY_ISA", before_->c_str(), 1);
    else
      unsetenv("NURSERY_ISA");
  }

 private:
  std::optional<std::string> before_;
};

TEST(QueensKernels, TheLevelIsTheBestTheCpuRunsAtMostTheOneNamed) {
  Isa best = Isa::portable;
  for (Isa isa : {Isa::avx2, Isa::avx512})
    if (nursery::queens::isa_supported(isa)) best = isa;
  EXPECT_TRUE(nursery::queens::isa_supported(Isa::portable));
  Isa expected = best;
  const char* asked = std::getenv("NURSERY_ISA");
  const std::string name = asked != nullptr ? asked : "";
  if (name == "avx2") expected = std::min(best, Isa::avx2);
  if (name == "x86-64" || name == "portable") expected = Isa::portable;
  EXPECT_EQ(nursery::queens::kernels().isa, expected) << "NURSERY_ISA=" << name;
  EXPECT_STREQ(nursery::queens::kernel_isa(), nursery::queens::kernels().name);
  EXPECT_EQ(nursery::queens::kernel_isa_error(), "");
#if defined(__x86_64__)
  // Every level is compiled on x86-64; a CPU without AVX-512 is still one.
  for (Isa isa : {Isa::portable, Isa::avx2, Isa::avx512})
    EXPECT_TRUE(nursery::queens::isa_compiled(isa));
#endif
}

TEST(QueensKernels, TheCliShowsTheLevelThatRan) {
  IsaVariable lowest("x86-64");
  auto run = nursery::testing::run_cli("count 12 --stats");
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(run.output.rfind("14200\n", 0), 0u) << run.output;
  EXPECT_NE(run.output.find("c isa "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find(" x86-64\n"), std::string::npos) << run.output;
  run = nursery::testing::run_cli("count 14 --json", false);
  EXPECT_EQ(run.status, 0) << run.output;
  const auto json = nlohmann::json::parse(run.output);
  EXPECT_EQ(json["total"], 365596);
  EXPECT_EQ(json["stats"]["isa"], "x86-64");
  run = nursery::testing::run_cli("--version", false);
  EXPECT_NE(run.output.find("kernels: x86-64"), std::string::npos) << run.output;
  // A method without kernels says none.
  run = nursery::testing::run_cli("count 8 --method backtrack --json", false);
  EXPECT_FALSE(nlohmann::json::parse(run.output)["stats"].contains("isa")) << run.output;
}

TEST(QueensKernels, AnUnknownLevelIsRefusedInOneLine) {
  IsaVariable unknown("sse9");
  auto run = nursery::testing::run_cli("count 8");
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_EQ(run.output.rfind("error: NURSERY_ISA: expected ", 0), 0u) << run.output;
  EXPECT_NE(run.output.find("avx2, avx512, or empty, found 'sse9'\n"), std::string::npos)
      << run.output;
  EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
}

}  // namespace
