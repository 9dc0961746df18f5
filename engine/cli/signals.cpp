// Ctrl-C and SIGTERM: one stop source every command polls, and a command's
// own deadline that follows it.
#include <nursery/cli.hpp>

#include <chrono>
#include <csignal>

namespace nursery::cli {

namespace {
StopSource g_interrupt;
volatile std::sig_atomic_t g_signal = 0;
void on_interrupt(int signal) {
  g_signal = signal;
  g_interrupt.request(StopReason::cancelled);
}
}  // namespace

const StopSource& interrupt_source() {
  return g_interrupt;
}

int interrupted_status() {
  return g_signal == SIGTERM ? 128 + SIGTERM : kExitInterrupted;
}

void install_interrupt_handler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

Deadline::Deadline(double seconds) {
  if (seconds <= 0) return;
  auto until = std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(seconds));
  thread_ = std::thread([this, until] {
    std::unique_lock lock(mutex_);
    if (!wake_.wait_until(lock, until, [this] { return done_; }))
      stop_.request(StopReason::timeout);
  });
}

Deadline::~Deadline() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

int Deadline::exit_status() const {
  // Ctrl-C wins over a deadline that passed while the run was ending.
  if (interrupt_source().requested()) return kExitInterrupted;
  return stop_.reason() == StopReason::timeout ? kExitTimeout : kExitInterrupted;
}
}  // namespace nursery::cli
