// Uses the installed engine: counts the 8-queens solutions (queens::count,
// on the scheduler), constructs one, and checks it with the independent checker.
#include <iostream>
#include <nursery/count.hpp>
#include <nursery/lizards.hpp>  // the facades compile without the engine's sources
#include <nursery/queens.hpp>
#include <nursery/queens_count.hpp>  // nursery count's entry compiles alone too
#include <nursery/skyscrapers.hpp>

int main() {
  nursery::queens::CountOptions options;
  options.run.threads = 2;
  auto result = nursery::queens::count(8, options);
  if (result.status != nursery::Status::complete) {
    std::cerr << "consumer: the count did not complete\n";
    return 1;
  }
  auto placement = nursery::queens::construct(8);
  auto verdict = nursery::queens::verify(8, placement);
  std::cout << "nursery " << NURSERY_VERSION << ": 8-queens total "
            << nursery::to_string(*result.count) << ", unique " << nursery::to_string(result.unique)
            << "; rows";
  for (auto row : placement) std::cout << ' ' << row;
  std::cout << ' ' << (verdict.valid ? "valid" : "invalid") << '\n';
  return verdict.valid ? 0 : 1;
}
