// The kind table: a list of kinds (nursery/registry.hpp: KindList), each a
// PuzzleKind (nursery/kind.hpp) turned into one KindEntry by the same
// template. The registry's table is registered_kinds() (registry.cpp); a
// program with a kind of its own (the tests' rooks) makes its table with
// kinds_of<Kinds::with<Rooks>>() and hands it to batch::run and
// verify_kind / verify_texts.
#pragma once

#include <array>
#include <memory>
#include <nursery/registry.hpp>

#include "batch/internal.hpp"

namespace nursery::batch {

// A kind with solver options of its own (a method, a seed): its Options,
// taken by a second answer().
template <class K>
concept ConfiguredKind = PuzzleKind<K> &&
    requires(const typename K::Puzzle& puzzle, const Ask& ask, const typename K::Options& options) {
  { K::answer(puzzle, ask, options) } -> std::same_as<typename K::Answer>;
};

// A kind that knows some answers without solving (a table of totals).
template <class K>
concept KnownKind = PuzzleKind<K> && requires(const typename K::Puzzle& puzzle, bool count) {
  { K::expected(puzzle, count) } -> std::same_as<std::string>;
};

// One file's rows for any kind: its puzzles, their answers, the checker's
// word on them, and answers taken back from an earlier run.
template <PuzzleKind K>
struct KindRows {
  using Puzzles = std::shared_ptr<const std::vector<typename K::Puzzle>>;

  static const std::vector<typename K::Puzzle>& puzzles_of(const FileJob& job) {
    return *std::any_cast<const Puzzles&>(job.problem);
  }

  static void load(FileJob& job) {
    auto puzzles = std::make_shared<const std::vector<typename K::Puzzle>>(
        K::read(job.text, job.source.display));
    job.rows.resize(puzzles->size());
    for (std::size_t i = 0; i < puzzles->size(); ++i) {
      Label label = K::label((*puzzles)[i]);
      job.rows[i].id = std::move(label.id);
      job.rows[i].size = std::move(label.size);
    }
    job.problem = std::move(puzzles);
  }

  // The kind's answer under the run's solver options for it (Options::solver),
  // or its defaults.
  static typename K::Answer answer(const typename K::Puzzle& puzzle, const Ask& ask,
                                   const Settings& settings) {
    if constexpr (ConfiguredKind<K>) {
      if (settings.solver != nullptr)
        if (auto chosen = settings.solver->find(K::name); chosen != settings.solver->end())
          return K::answer(puzzle, ask, std::any_cast<const typename K::Options&>(chosen->second));
    }
    return K::answer(puzzle, ask);
  }

  static void solve(FileJob& job, std::size_t item, const Settings& settings,
                    const StopSource& stop) {
    const auto& puzzle = puzzles_of(job)[item];
    Row& row = job.rows[item];
    std::string& text = job.answers[item];
    const Ask ask{settings.count, 0, Budget(&stop, settings.timeout)};  // 0: the lane's pool
    typename K::Answer answer;
    try {
      answer = KindRows::answer(puzzle, ask, settings);
    } catch (const std::invalid_argument& e) {  // out of the kind's reach: this puzzle only
      std::string where = K::label(puzzle).where;
      row.status = RowStatus::error;
      row.message = (where.empty() ? job.source.display : where) + ": " + e.what();
      text = K::write_none(puzzle, "error");
      return;
    }
    row.nodes = answer.stats.nodes;
    row.message = answer.how;
    // A count is an answer whatever it is (0 too), when exact; one stopped at
    // the kind's limit (Skyscrapers --limit K) says only that there are K.
    const bool counted = answer.count && answer.status == nursery::Status::complete;
    const bool at_limit =
        answer.count && *answer.count > 0 && answer.status == nursery::Status::limit;
    if (settings.count && at_limit) {
      // Its answer says so too, in words no resume takes for an exact count.
      const std::string least = "at least " + nursery::to_string(*answer.count) + " solutions";
      row.status = RowStatus::ok;
      row.message = least + " (the limit)";
      text = K::write_none(puzzle, least);
      return;
    }
    if (settings.count ? !counted : answer.verdict == Verdict::unknown) {
      // The batch's stop (Ctrl-C) leaves it unfinished; the deadline is a TIMEOUT.
      const bool stopped = stop.requested() || answer.status == nursery::Status::cancelled;
      row.status = stopped ? RowStatus::pending : RowStatus::timeout;
      if (!stopped) text = K::write_none(puzzle, "timeout");
      return;
    }
    row.status = settings.count || answer.verdict == Verdict::ok ? RowStatus::ok : RowStatus::fail;
    if (settings.count) row.count = answer.count;
    text = K::write(puzzle, answer, ask);
  }

  static Check check(const FileJob& job, std::size_t item, const Settings&,
                     const StopSource& stop) {
    Check check;
    auto verification = K::check(puzzles_of(job)[item], job.text, job.answers[item], Budget(&stop));
    if (!verification) {
      check.stopped = true;  // Ctrl-C during a long check
      return check;
    }
    check.verified = verification->valid;
    if (verification->unproved)
      check.note = verification->reason;  // not verified, and no mismatch either
    else if (!verification->valid)
      check.fault = verification->reason.empty() ? "invalid" : verification->reason;
    return check;
  }

  static void resume(FileJob& job, const Settings& settings, const std::string& output) {
    Ask ask;
    ask.count = settings.count;
    auto taken = K::take_back(puzzles_of(job), job.text, output, ask);
    for (std::size_t i = 0; i < taken.size() && i < job.rows.size(); ++i) {
      if (!taken[i]) continue;
      // --verify vouches for every row: what no checker can vouch for (a
      // Skyscrapers "no solution", a count beyond a table) is solved again.
      if (settings.verify && !taken[i]->verified) continue;
      Row& row = job.rows[i];
      const Report& said = taken[i]->report;
      row.status = settings.count || said.verdict == Verdict::ok ? RowStatus::ok : RowStatus::fail;
      if (settings.count) row.count = said.count;
      row.verified = taken[i]->verified;
      // What was kept on its hash alone (a count beyond a table, a
      // Skyscrapers "no solution") says so in the verified column too (CSV
      // "no"), not only in its message.
      row.checked = row.verified || !taken[i]->note.empty();
      if (!taken[i]->note.empty()) row.message = taken[i]->note;
      row.resumed = true;
      job.answers[i] = std::move(taken[i]->text);
    }
  }

  static std::uint64_t size_limit(std::string_view head, const std::string& name) {
    if constexpr (SizedKind<K>) return K::size_limit(head, name);
    return 0;
  }

  static std::string expected(const FileJob& job, std::size_t item, const Settings& settings) {
    if constexpr (KnownKind<K>) return K::expected(puzzles_of(job)[item], settings.count);
    return {};
  }

  static constexpr KindEntry entry() {
    return {K::name,
            K::described,
            K::known_by,
            K::sniff,
            K::homework_names,
            load,
            solve,
            check,
            resume,
            SizedKind<K> ? size_limit : nullptr,
            K::verify_answers,
            AtLeastKind<K>,
            KnownKind<K> ? expected : nullptr};
  }
};

template <PuzzleKind K>
inline constexpr KindEntry kKindEntry = KindRows<K>::entry();

template <class List>
struct TableOf;

template <PuzzleKind... Ks>
struct TableOf<KindList<Ks...>> {
  static constexpr std::array<const KindEntry*, sizeof...(Ks)> kTable{&kKindEntry<Ks>...};
};

// The table of a list of kinds, in the list's order (static: it lives as
// long as the program).
template <class List>
KindTable kinds_of() {
  return TableOf<List>::kTable;
}

}  // namespace nursery::batch
