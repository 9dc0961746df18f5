#include <gtest/gtest.h>
#include <nursery/count.hpp>

using nursery::Count;

TEST(Count, PrintsAndParses128Bits) {
  Count big = (Count{1} << 100) + 12345;
  auto text = nursery::to_string(big);
  EXPECT_EQ(text, "1267650600228229401496703217721");
  EXPECT_EQ(nursery::parse_count(text), big);
  EXPECT_EQ(nursery::to_string(0), "0");
  EXPECT_FALSE(nursery::parse_count("12a").has_value());
  EXPECT_FALSE(nursery::parse_count("").has_value());
  EXPECT_FALSE(nursery::parse_count("340282366920938463463374607431768211456").has_value());
}

TEST(Count, AddDetectsOverflow) {
  Count max = ~Count{0};
  Count a = max - 1;
  EXPECT_TRUE(nursery::add_checked(a, 1));
  EXPECT_EQ(a, max);
  EXPECT_FALSE(nursery::add_checked(a, 1));
  EXPECT_EQ(a, max);
}
