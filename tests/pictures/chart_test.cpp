// Benchmark charts (SVG): well-formed XML (the independent checker of
// xml_check.hpp), one point mark per (series, N), a legend entry per
// series; `nursery bench queens --plot` writes one.
#include <gtest/gtest.h>

#include <fstream>
#include <nursery/picture.hpp>
#include <sstream>
#include <string>

#include "occurrences.hpp"
#include "run_cli.hpp"
#include "temp_dir.hpp"
#include "xml_check.hpp"

namespace {

namespace picture = nursery::picture;
using nursery::testing::occurrences;
using nursery::testing::well_formed;

TEST(Chart, OnePointPerSeriesAndNWellFormed) {
  picture::Chart chart{"times & <ratios>", "N", "seconds (log scale)", {}};
  chart.series.push_back({"baseline", {{12, 0.004}, {13, 0.02}, {14, 0.11}}});
  chart.series.push_back({"join, 2 threads", {{12, 0.001}, {13, 0.004}, {14, 0.02}}});
  chart.series.push_back({"bitboard \"1t\"", {{12, 0.002}, {13, 0.009}, {14, 0.05}}});
  const std::string svg = picture::svg_chart(chart);
  std::string why;
  EXPECT_TRUE(well_formed(svg, why)) << why;
  EXPECT_EQ(occurrences(svg, "<circle class=\"point\""), 9u);
  EXPECT_EQ(occurrences(svg, "<g class=\"series\""), 3u);
  EXPECT_EQ(occurrences(svg, "<text class=\"legend\""), 3u);
  EXPECT_NE(svg.find("class=\"x-label\""), std::string::npos);
  EXPECT_NE(svg.find("seconds (log scale)"), std::string::npos);
  // Decades from 0.001 to 1 are labelled on the log axis.
  EXPECT_NE(svg.find(">0.001</text>"), std::string::npos);
  EXPECT_NE(svg.find(">1</text>"), std::string::npos);
}

TEST(Chart, EmptyAndNonPositivePointsStayWellFormed) {
  picture::Chart chart{"empty", "N", "s", {}};
  std::string why;
  EXPECT_TRUE(well_formed(picture::svg_chart(chart), why)) << why;
  chart.series.push_back({"zero", {{1, 0.0}, {2, -1.0}, {3, 5.0}}});
  const std::string svg = picture::svg_chart(chart);
  EXPECT_TRUE(well_formed(svg, why)) << why;
  EXPECT_EQ(occurrences(svg, "<circle class=\"point\""), 1u);
}

TEST(Chart, BenchQueensPlotHasAPointPerSeriesAndN) {
  nursery::testing::TempDir dir;
  const std::string plot = dir / "bench.svg";
  auto run = nursery::testing::run_cli("bench queens --n 6,7,8 --no-baseline -t 2 --plot " + plot);
  ASSERT_EQ(run.status, 0) << run.output;
  std::ifstream in(plot);
  std::stringstream text;
  text << in.rdbuf();
  const std::string svg = text.str();
  std::string why;
  EXPECT_TRUE(well_formed(svg, why)) << why;
  // bitboard and join, 1 and 2 threads: 4 series x 3 sizes.
  EXPECT_EQ(occurrences(svg, "<g class=\"series\""), 4u);
  EXPECT_EQ(occurrences(svg, "<circle class=\"point\""), 12u);
  EXPECT_NE(svg.find("join, 2 threads"), std::string::npos);
}

}  // namespace
