// The progress bar's line fitted to a narrow terminal (issue 35): the gauge
// is redrawn at the width that fits, so its share of '#' is the share of
// the work done at every width, and it keeps one width from frame to frame.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "cli/cli.hpp"

namespace {

using nursery::cli::ProgressBar;

struct Gauge {
  std::size_t marks = 0, cells = 0;
};

// The gauge "[##...]" in a fitted line, read back by hand.
Gauge gauge_in(const std::string& line) {
  const auto open = line.find('['), close = line.find(']');
  EXPECT_NE(open, std::string::npos) << line;
  EXPECT_NE(close, std::string::npos) << line;
  const std::string bar = line.substr(open + 1, close - open - 1);
  EXPECT_EQ(bar.find_first_not_of("#."), std::string::npos) << line;
  EXPECT_EQ(bar.find(".#"), std::string::npos) << line;  // marks first, then dots
  return {static_cast<std::size_t>(std::count(bar.begin(), bar.end(), '#')), bar.size()};
}

TEST(ProgressBar, NarrowGaugeKeepsTheShareDone) {
  for (double done : {0.0, 0.1, 0.21, 0.3, 0.5, 0.8, 0.97, 1.0}) {
    const std::string line = ProgressBar::gauge("batch", done) + "  123/456 subproblems  ETA 3 s";
    for (std::size_t columns : {30, 40, 50, 60, 80, 200}) {
      const std::string fitted = ProgressBar::fit(line, columns);
      EXPECT_LT(fitted.size(), columns) << fitted;
      const Gauge gauge = gauge_in(fitted);
      ASSERT_GE(gauge.cells, 10u) << fitted;
      // The share drawn is the share done, to within one cell of the gauge.
      const double drawn = static_cast<double>(gauge.marks) / static_cast<double>(gauge.cells);
      EXPECT_LE(drawn, done + 1e-9) << columns << ": " << fitted;
      EXPECT_GT(drawn, done - 1.0 / static_cast<double>(gauge.cells) - 1e-9)
          << columns << ": " << fitted;
    }
  }
}

TEST(ProgressBar, CountedGaugeKeepsTheShareDone) {
  // 3 of 10 at 60 columns once read "[#########.] 3/10 30%" (cells cut off
  // the right end: 90% drawn).
  const std::string line =
      ProgressBar::gauge("batch", std::size_t{3}, std::size_t{10}) + "  12.5 files/s  ETA 4 s";
  const Gauge gauge = gauge_in(ProgressBar::fit(line, 40));
  EXPECT_EQ(gauge.marks * 10, gauge.cells * 3) << ProgressBar::fit(line, 40);
}

TEST(ProgressBar, ALineThatFitsIsLeftAsItIs) {
  const std::string line = ProgressBar::gauge("count 13", 0.4) + "  1/2 subproblems  ETA 1 s";
  EXPECT_EQ(ProgressBar::fit(line, 200), line);
}

TEST(ProgressBar, GaugeKeepsItsWidthFromFrameToFrame) {
  ProgressBar::Fitting kept;
  const std::string gauge = ProgressBar::gauge("count 17", 0.5);
  // The fields beside the gauge grow, then shrink: the gauge narrows once
  // and stays so, never widening and narrowing again frame by frame.
  const std::size_t first =
      gauge_in(ProgressBar::fit(gauge + "  1/100 subproblems  ETA 12 s", 70, &kept)).cells;
  EXPECT_LT(first, 30u);
  EXPECT_EQ(first % 5, 0u);
  const std::string shorter = gauge + "  ETA 1 s";
  EXPECT_EQ(gauge_in(ProgressBar::fit(shorter, 70, &kept)).cells, first);
  EXPECT_EQ(gauge_in(ProgressBar::fit(shorter, 70)).cells, 30u);  // nothing kept: full width
  // A wider terminal starts afresh.
  EXPECT_EQ(gauge_in(ProgressBar::fit(shorter, 200, &kept)).cells, 30u);
}

}  // namespace
