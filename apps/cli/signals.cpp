// Ctrl-C, SIGTERM, SIGHUP and SIGQUIT: one stop source every command polls, and a command's
// own deadline that follows it.
#include <chrono>
#include <csignal>

#include "cli/cli.hpp"

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
  // As the shell reports a process the signal killed: 128 + its number
  // (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT).
  return g_signal != 0 ? 128 + g_signal : kExitInterrupted;
}

void install_interrupt_handler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  // A closed terminal (SIGHUP) and Ctrl-\ (SIGQUIT) stop a run as Ctrl-C
  // does: what finished is kept (batch's report, a checkpoint), nothing is
  // left half written.
  // A SIGHUP or SIGQUIT ignored on entry stays ignored: `nohup nursery
  // ...` must outlive its terminal.
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  for (int signal : {SIGHUP, SIGQUIT}) {
    struct sigaction before {};
    if (sigaction(signal, nullptr, &before) == 0 && before.sa_handler == SIG_IGN) continue;
    sigaction(signal, &action, nullptr);
  }
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
