// The kind table: every kind batch knows, each a PuzzleKind (nursery/kind.hpp)
// turned into one entry by the same template, asked in turn whether a text
// is theirs; the most confident wins, the earlier in the table on a tie.
#include <array>
#include <memory>
#include <nursery/lizards.hpp>
#include <nursery/queens.hpp>
#include <nursery/skyscrapers.hpp>

#include "batch/internal.hpp"

namespace nursery::batch {

namespace {

// One file's rows for any kind: its puzzles, their answers, the checker's
// word on them, and answers taken back from an earlier run.
template <PuzzleKind K>
struct Entry {
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

  static void solve(FileJob& job, std::size_t item, const Settings& settings,
                    const StopSource& stop) {
    const auto& puzzle = puzzles_of(job)[item];
    Row& row = job.rows[item];
    std::string& text = job.answers[item];
    const Ask ask{settings.count, 0, Budget(&stop, settings.timeout)};  // 0: the lane's pool
    typename K::Answer answer;
    try {
      answer = K::answer(puzzle, ask);
    } catch (const std::invalid_argument& e) {  // out of the kind's reach: this puzzle only
      std::string where = K::label(puzzle).where;
      row.status = RowStatus::error;
      row.message = (where.empty() ? job.source.display : where) + ": " + e.what();
      text = K::write_none(puzzle, "error");
      return;
    }
    row.nodes = answer.stats.nodes;
    row.message = answer.how;
    // A count is an answer whatever it is (0 too), when exact.
    const bool counted = answer.count && answer.status == nursery::Status::complete;
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

  static constexpr KindEntry entry() {
    return {K::name,
            K::sniff,
            K::homework_names,
            load,
            solve,
            check,
            resume,
            SizedKind<K> ? size_limit : nullptr,
            K::verify_answers};
  }
};

constexpr KindEntry kLizards = Entry<lizards::Facade>::entry();
constexpr KindEntry kQueens = Entry<queens::Facade>::entry();
constexpr KindEntry kSkyscrapers = Entry<skyscrapers::Facade>::entry();

}  // namespace

const KindEntry* detect(std::string_view head, std::string& why) {
  if (!plain_text(head, why)) return nullptr;
  static constexpr std::array<const KindEntry*, 3> kKinds = {&kLizards, &kQueens, &kSkyscrapers};
  const KindEntry* best = nullptr;
  Sniff confidence = Sniff::no;
  for (const KindEntry* kind : kKinds) {
    Sniff said = kind->sniff(head);
    if (said > confidence) {
      best = kind;
      confidence = said;
    }
  }
  if (best == nullptr)
    why = "not an instance (no DFS/BFS/SA line, no 'queens N', no Skyscrapers puzzle)";
  return best;
}

std::string detect_kind(std::string_view head, std::string& why) {
  const KindEntry* kind = detect(head, why);
  return kind != nullptr ? kind->name : "";
}

}  // namespace nursery::batch
