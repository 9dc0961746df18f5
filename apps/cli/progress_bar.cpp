// The one progress bar of every command, on stderr.
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "cli/cli.hpp"

namespace nursery::cli {

std::mutex& stderr_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::size_t terminal_columns() {
  struct winsize size {};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    long value = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && value > 0 && value < 100000)
      return static_cast<std::size_t>(value);
  }
  return 80;
}

namespace {

// Characters on screen: UTF-8 continuation bytes take no column.
std::size_t columns_of(const std::string& text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

std::string join_fields(const std::vector<std::string>& fields) {
  std::string line;
  for (const auto& field : fields) line += (line.empty() ? "" : "  ") + field;
  return line;
}

// The fields of a bar's line: separated by two spaces or more.
std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  for (std::size_t start = 0;;) {
    std::size_t end = line.find("  ", start);
    fields.push_back(line.substr(start, end == std::string::npos ? end : end - start));
    if (end == std::string::npos) break;
    start = line.find_first_not_of(' ', end);
    if (start == std::string::npos) break;
  }
  return fields;
}

// The gauge "[##....]" in `field` redrawn `cells` wide: the share of '#'
// stays what it was (rounded down to a cell), where cutting cells off one
// end would change it.
void redraw_gauge(std::string& field, std::size_t open, std::size_t width, std::size_t cells) {
  const auto first = field.begin() + static_cast<long>(open + 2);
  const auto marks =
      static_cast<std::size_t>(std::count(first, first + static_cast<long>(width), '#'));
  std::string bar(marks * cells / width, '#');
  bar.resize(cells, '.');
  field.replace(open + 2, width, bar);
}

// The gauge's width for a line `over` columns too long: narrower by at least
// `over`, to a multiple of 5 cells, never under 10 and never wider than the
// width kept from earlier frames at this terminal width.
std::size_t gauge_cells(std::size_t width, std::size_t over, ProgressBar::Fitting* kept,
                        std::size_t columns) {
  if (kept != nullptr && kept->columns != columns) *kept = {columns, 0};
  std::size_t cells = width;
  if (over > 0) cells = width > over + 10 ? std::max<std::size_t>(10, (width - over) / 5 * 5) : 10;
  cells = std::min(cells, width);
  if (kept != nullptr && kept->cells != 0) cells = std::min(cells, kept->cells);
  if (kept != nullptr && cells < width) kept->cells = cells;
  return cells;
}

}  // namespace

std::string ProgressBar::fit(const std::string& line, std::size_t columns, Fitting* kept) {
  // One column short of the width: a full line makes some terminals wrap.
  const std::size_t room = columns > 1 ? columns - 1 : 1;
  // First the gauge narrows (down to 10 cells, redrawn, and kept so from
  // frame to frame), then the rate goes, then fields from the right but the
  // ETA, then the line is cut.
  std::string narrowed = line;
  auto open = line.find(" ["), close = line.find(']');
  if (open != std::string::npos && close != std::string::npos && close > open + 2 &&
      line.find("  ") > close) {
    const std::size_t width = close - open - 2, shown = columns_of(line);
    const std::size_t cells = gauge_cells(width, shown > room ? shown - room : 0, kept, columns);
    if (cells < width) redraw_gauge(narrowed, open, width, cells);
  }
  if (columns_of(narrowed) <= room) return narrowed;
  std::vector<std::string> fields = fields_of(narrowed);
  auto too_long = [&] { return columns_of(join_fields(fields)) > room; };
  for (std::size_t i = fields.size(); too_long() && i-- > 1;)
    if (fields[i].find("/s") != std::string::npos)
      fields.erase(fields.begin() + static_cast<long>(i));
  for (std::size_t i = fields.size(); too_long() && i-- > 1;)
    if (fields[i].rfind("ETA", 0) != 0) fields.erase(fields.begin() + static_cast<long>(i));
  std::string fitted = join_fields(fields);
  if (columns_of(fitted) > room) {
    std::size_t cut = 0;
    for (std::size_t shown = 0; cut < fitted.size(); ++cut) {
      if ((static_cast<unsigned char>(fitted[cut]) & 0xC0) != 0x80 && shown++ == room) break;
    }
    fitted.resize(cut);
  }
  return fitted;
}

ProgressBar::ProgressBar(bool enabled, Line line) : line_(std::move(line)) {
  if (!enabled) return;
  started_ = std::chrono::steady_clock::now();
  // A frame every 200 ms, the width asked at every frame: the window may be
  // resized.
  frames_ = Background::every(std::chrono::milliseconds(200), [this] {
    const auto now = SteadyClock::now();
    if (now.time_since_epoch().count() < hidden_until_.load()) return;
    std::string text = fit(line_(std::chrono::duration<double>(now - started_).count()),
                           terminal_columns(), &fitting_);
    std::lock_guard lock(stderr_mutex());
    std::fprintf(stderr, "\r\033[K%s", text.c_str());
    std::fflush(stderr);
  });
}

ProgressBar::ProgressBar(const Progress& progress, bool enabled, const std::string& label)
    : ProgressBar(enabled, RunLine(progress, label)) {}

std::string ProgressBar::RunLine::operator()(double elapsed) {
  const double fraction = progress_->fraction();
  const auto total = progress_->total.load(std::memory_order_relaxed);
  const auto done = progress_->done.load(std::memory_order_relaxed);
  const auto nodes = progress_->nodes.load(std::memory_order_relaxed);
  if (nodes != nodes_ && elapsed > 0) nodes_ = nodes, rate_ = static_cast<double>(nodes) / elapsed;
  char text[96];
  std::snprintf(text, sizeof text, "  %llu/%llu subproblems  %.3g nodes/s  ETA ",
                static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                rate_);
  return gauge(label_, fraction) + text + eta_.text(elapsed, fraction);
}

ProgressBar::~ProgressBar() {
  if (frames_.running()) {
    frames_.stop();
    // The frame the run ended with, then a clean line: a log of stderr
    // (--progress without a terminal) always holds the bar's last state.
    std::string text = fit(
        line_(std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count()),
        terminal_columns(), &fitting_);
    std::lock_guard lock(stderr_mutex());
    std::fprintf(stderr, "\r\033[K%s\r\033[K", text.c_str());
    std::fflush(stderr);
  }
}

void ProgressBar::hide() {
  if (!frames_.running()) return;
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
  hidden_until_.store(until.time_since_epoch().count());
  std::lock_guard lock(stderr_mutex());
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
}

std::string ProgressBar::gauge(const std::string& label, double fraction) {
  fraction = std::clamp(fraction, 0.0, 1.0);
  constexpr int kWidth = 30;
  std::string bar(static_cast<std::size_t>(fraction * kWidth), '#');
  bar.resize(kWidth, '.');
  char text[96];
  std::snprintf(text, sizeof text, " [%s] %3.0f%%", bar.c_str(), 100 * fraction);
  return label + text;
}

std::string ProgressBar::gauge(const std::string& label, std::size_t done, std::size_t total) {
  double fraction = total > 0 ? static_cast<double>(done) / total : 0;
  constexpr int kWidth = 30;
  std::string bar(static_cast<std::size_t>(fraction * kWidth), '#');
  bar.resize(kWidth, '.');
  char text[96];
  std::snprintf(text, sizeof text, " [%s] %zu/%zu %3.0f%%", bar.c_str(), done, total,
                100 * fraction);
  return label + text;
}

}  // namespace nursery::cli
