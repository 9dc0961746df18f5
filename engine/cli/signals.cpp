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
  timer_ = Background::at(SteadyClock::now() + seconds_duration(seconds),
                          [this] { stop_.request(StopReason::timeout); });
}

int Deadline::exit_status() const {
  // Ctrl-C wins over a deadline that passed while the run was ending.
  if (interrupt_source().requested()) return kExitInterrupted;
  return stop_.reason() == StopReason::timeout ? kExitTimeout : kExitInterrupted;
}
}  // namespace nursery::cli
