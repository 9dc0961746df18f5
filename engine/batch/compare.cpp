// Runs compared (nursery/compare.hpp): instances matched by path and id,
// counted per kind and per kind and size against the first run.
#include <algorithm>
#include <cmath>
#include <map>
#include <nursery/compare.hpp>
#include <stdexcept>

#include "batch/internal.hpp"

namespace nursery::compare {

namespace {

std::string key_of(const Instance& instance) {
  return instance.id.empty() ? instance.path : instance.path + "#" + instance.id;
}

// How good an outcome is: solved, then no answer (a timeout), then an
// error, then a wrong answer; a later run lower than the first regressed.
int rank_of(const Instance& instance) {
  if (instance.category == "wrong") return 0;
  if (instance.solved()) return 3;
  if (instance.status == "TIMEOUT") return 2;
  return 1;
}

std::string outcome(const Instance& instance) {
  return instance.category == "wrong" ? instance.status + " (wrong)" : instance.status;
}

// One instance across the runs (null: a run without it).
struct Across {
  std::string kind, size;
  std::vector<const Instance*> runs;
};

void validate(const std::vector<Run>& runs, const Options& options) {
  if (runs.size() < 2)
    throw std::invalid_argument("compare: expected two reports or more, found " +
                                std::to_string(runs.size()));
  if (!std::isfinite(options.noise) || options.noise < 0 || options.noise > 1000)
    throw std::invalid_argument("--noise: expected a fraction from 0 to 1000, found " +
                                std::to_string(options.noise));
  if (!std::isfinite(options.min_seconds) || options.min_seconds < 0 || options.min_seconds > 1e6)
    throw std::invalid_argument("--min-seconds: expected seconds from 0 to 1000000, found " +
                                std::to_string(options.min_seconds));
}

// The instances of all runs, in the first report's order, then those only
// later runs hold, each once (a key repeated in one report: its first row).
std::vector<std::pair<std::string, Across>> match(const std::vector<Run>& runs) {
  std::vector<std::pair<std::string, Across>> order;
  std::map<std::string, std::size_t> at;
  for (std::size_t r = 0; r < runs.size(); ++r)
    for (const auto& instance : runs[r].instances) {
      const std::string key = key_of(instance);
      auto [place, fresh] = at.emplace(key, order.size());
      if (fresh)
        order.push_back({key, Across{instance.kind, instance.size,
                                     std::vector<const Instance*>(runs.size(), nullptr)}});
      auto& across = order[place->second].second;
      if (across.runs[r] == nullptr) across.runs[r] = &instance;
    }
  return order;
}

// Adds one instance to a group's tallies; `logs` gathers log(first / later)
// per run for the speedup.
void tally(Group& group, const Across& across, std::vector<std::vector<double>>& logs) {
  ++group.instances;
  std::size_t solvers = 0;
  for (const Instance* instance : across.runs) solvers += instance != nullptr && instance->solved();
  const Instance* first = across.runs[0];
  for (std::size_t r = 0; r < across.runs.size(); ++r) {
    const Instance* instance = across.runs[r];
    if (instance == nullptr) continue;
    Tally& t = group.runs[r];
    t.solved += instance->solved();
    t.only += instance->solved() && solvers == 1;
    t.wrong += instance->category == "wrong";
    if (r > 0 && first != nullptr && first->solved() && instance->solved()) {
      ++t.both;
      logs[r].push_back(
          std::log(std::max(first->seconds, 1e-6) / std::max(instance->seconds, 1e-6)));
    }
  }
}

void finish_speedups(Group& group, const std::vector<std::vector<double>>& logs) {
  for (std::size_t r = 1; r < group.runs.size(); ++r) {
    double sum = 0;
    for (double value : logs[r]) sum += value;
    group.runs[r].speedup =
        logs[r].empty() ? 1 : std::exp(sum / static_cast<double>(logs[r].size()));
  }
}

std::optional<Regression> regression(const Across& across, std::size_t r, const std::string& key,
                                     const Options& options) {
  const Instance* first = across.runs[0];
  const Instance* later = across.runs[r];
  if (first == nullptr) return std::nullopt;  // new in a later run: nothing to fall from
  // The first run's instance that a later run lacks (stopped short, another
  // set of files, an empty report) is lost, whatever its outcome was.
  if (later == nullptr)
    return Regression{key,       across.kind,    across.size, r,    outcome(*first),
                      "MISSING", first->seconds, 0,           false};
  Regression found{key,
                   across.kind,
                   across.size,
                   r,
                   outcome(*first),
                   outcome(*later),
                   first->seconds,
                   later->seconds,
                   false};
  if (rank_of(*later) < rank_of(*first)) return found;
  if (first->solved() && later->solved() && later->seconds > first->seconds * (1 + options.noise) &&
      later->seconds - first->seconds > options.min_seconds) {
    found.time = true;
    return found;
  }
  return std::nullopt;
}

}  // namespace

Comparison compare(const std::vector<Run>& runs, const Options& options) {
  validate(runs, options);
  Comparison result;
  for (const auto& run : runs) result.names.push_back(run.name);
  result.times.assign(runs.size(), {});
  const auto order = match(runs);
  // Groups: each kind (size "") and each kind and size, in walk order of names.
  std::map<std::pair<std::string, std::string>, Group> groups;
  std::map<std::pair<std::string, std::string>, std::vector<std::vector<double>>> logs;
  for (const auto& [key, across] : order) {
    result.instances.push_back(key);
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const Instance* instance = across.runs[r];
      result.times[r].push_back(instance != nullptr && instance->solved()
                                    ? std::optional<double>(instance->seconds)
                                    : std::nullopt);
      if (instance != nullptr && instance->category == "wrong") ++result.wrong;
      if (r > 0)
        if (auto found = regression(across, r, key, options)) result.regressions.push_back(*found);
    }
    std::vector<std::string> sizes = {std::string()};  // the kind as a whole, then its size
    if (!across.size.empty()) sizes.push_back(across.size);
    for (const auto& size : sizes) {
      const auto group_key = std::make_pair(across.kind, size);
      auto& group = groups[group_key];
      if (group.runs.empty()) {
        group.kind = across.kind;
        group.size = size;
        group.runs.assign(runs.size(), Tally{});
        logs[group_key].assign(runs.size(), {});
      }
      tally(group, across, logs[group_key]);
    }
  }
  for (auto& [group_key, group] : groups) {
    finish_speedups(group, logs[group_key]);
    for (const auto& found : result.regressions)
      if (found.kind == group.kind && (group.size.empty() || found.size == group.size))
        ++group.runs[found.run].regressions;
  }
  std::vector<Group> sorted;
  for (auto& [group_key, group] : groups) sorted.push_back(std::move(group));
  std::stable_sort(sorted.begin(), sorted.end(), [](const Group& a, const Group& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    if (a.size.empty() != b.size.empty()) return a.size.empty();
    return batch::natural_compare(a.size, b.size) < 0;
  });
  result.groups = std::move(sorted);
  return result;
}

}  // namespace nursery::compare
