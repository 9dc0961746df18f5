#include "nursery/checkpoint.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/crc.hpp>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <nursery/io.hpp>
#include <tuple>
#include <unordered_map>

namespace nursery::checkpoint {

namespace {

constexpr const char* kMagic = "nursery-checkpoint 1";

std::string hex32(std::uint32_t value) {
  char text[9];
  std::snprintf(text, sizeof text, "%08x", value);
  return text;
}

std::uint32_t line_crc(const std::string& text) {
  return crc32(text.data(), text.size());
}

std::string header_text(const Header& header) {
  std::ostringstream out;
  out << kMagic << '\n'
      << "kind " << header.kind << '\n'
      << "n " << header.n << '\n'
      << "target " << header.target << '\n'
      << "subproblems " << header.subproblems << '\n'
      << "frontier " << hex32(header.frontier) << '\n'
      << "part " << header.part << '/' << header.parts << '\n';
  std::string text = out.str();
  return text + "header " + hex32(line_crc(text)) + '\n';
}

// A record line is formatted on the stack (workers write them, one per
// subproblem: no allocation); counts past 64 bits take the slow path.
constexpr std::size_t kMaxRecord = 160;

char* put_count(char* out, char* end, Count value) {
  if (value <= std::numeric_limits<std::uint64_t>::max())
    return std::to_chars(out, end, static_cast<std::uint64_t>(value)).ptr;
  std::string digits = to_string(value);  // at most 39 digits
  return std::copy_n(digits.begin(), std::min<std::ptrdiff_t>(digits.size(), end - out), out);
}

// (The longest record is 115 characters; the bound check keeps the compiler
// from guessing otherwise.)
char* put_char(char* out, char* end, char c) {
  if (out < end) *out++ = c;
  return out;
}

std::size_t format_record(const Record& record, char (&line)[kMaxRecord]) {
  char* end = line + kMaxRecord;
  char* out = std::copy_n("done ", 5, line);
  out = std::to_chars(out, end, record.id).ptr;
  out = put_char(out, end, ' ');
  out = put_count(out, end, record.total);
  out = put_char(out, end, ' ');
  out = put_count(out, end, record.unique);
  const std::uint32_t crc = crc32(line, static_cast<std::size_t>(out - line));
  out = put_char(out, end, ' ');
  static constexpr char kHex[] = "0123456789abcdef";
  for (int shift = 28; shift >= 0; shift -= 4) out = put_char(out, end, kHex[(crc >> shift) & 0xf]);
  out = put_char(out, end, '\n');
  return static_cast<std::size_t>(out - line);
}

[[noreturn]] void fail(const std::filesystem::path& path, std::size_t line,
                       const std::string& what) {
  throw Error(path.string() + ":" + std::to_string(line) + ": " + what);
}

std::uint64_t parse_u64(const std::string& text, bool& ok) {
  auto value = parse_count(text);
  ok = value.has_value() && *value <= std::numeric_limits<std::uint64_t>::max();
  return ok ? static_cast<std::uint64_t>(*value) : 0;
}

std::string errno_text() {
  return std::strerror(errno);
}

}  // namespace

std::uint32_t crc32(const void* data, std::size_t size) {
  boost::crc_32_type crc;
  crc.process_bytes(data, size);
  return crc.checksum();
}

std::pair<std::uint32_t, std::uint32_t> parse_part(const std::string& text) {
  auto slash = text.find('/');
  bool ok_part = false, ok_parts = false;
  std::uint64_t part = 0, parts = 0;
  if (slash != std::string::npos) {
    part = parse_u64(text.substr(0, slash), ok_part);
    parts = parse_u64(text.substr(slash + 1), ok_parts);
  }
  if (!ok_part || !ok_parts || part < 1 || part > parts || parts > 1000000)
    throw std::invalid_argument("expected I/K with 1 <= I <= K, found '" + text + "'");
  return {static_cast<std::uint32_t>(part), static_cast<std::uint32_t>(parts)};
}

namespace {

// The whole lines of `data` (a last line without its end is left out and
// flagged torn); the bytes they take in `valid_bytes`.
std::vector<std::string> whole_lines(const std::string& data, bool& torn,
                                     std::uint64_t& valid_bytes) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  torn = false;
  while (start < data.size()) {
    auto end = data.find('\n', start);
    if (end == std::string::npos) {
      torn = true;  // a write cut short by a crash: not a record yet
      break;
    }
    lines.push_back(data.substr(start, end - start));
    start = end + 1;
  }
  valid_bytes = torn ? start : data.size();
  return lines;
}

// The header's lines take far less; a record line at most this much.
constexpr std::size_t kHeaderBytes = 4096;
constexpr std::uint64_t kRecordBytes = 160;

// One header number, in full and in its range.
std::uint64_t header_number(const std::filesystem::path& path, std::size_t line,
                            const char* key, const std::string& text, std::uint64_t low,
                            std::uint64_t high) {
  bool ok = false;
  std::uint64_t value = parse_u64(text, ok);
  if (!ok || value < low || value > high)
    fail(path, line,
         std::string("expected '") + key + " N' with N from " + std::to_string(low) + " to " +
             std::to_string(high) + ", found '" + key + " " + text + "'");
  return value;
}

// The header's 8 lines (7 fixed lines and their CRC), checked.
Header read_header(const std::filesystem::path& path, const std::vector<std::string>& lines) {
  const char* keys[] = {"kind", "n", "target", "subproblems", "frontier", "part"};
  if (lines.empty() || lines[0] != kMagic)
    fail(path, 1, std::string("not a nursery checkpoint (expected '") + kMagic + "')");
  if (lines.size() < 8) fail(path, lines.size() + 1, "header cut short (expected 8 lines)");
  std::string header_body;
  for (std::size_t i = 0; i < 7; ++i) header_body += lines[i] + '\n';
  std::string values[6];
  for (std::size_t i = 0; i < 6; ++i) {
    const std::string& line = lines[i + 1];
    std::string key = std::string(keys[i]) + ' ';
    if (line.compare(0, key.size(), key) != 0)
      fail(path, i + 2, "expected '" + key + "...', found '" + line + "'");
    values[i] = line.substr(key.size());
  }
  if (lines[7] != "header " + hex32(line_crc(header_body)))
    fail(path, 8, "header checksum does not match: the header was altered or damaged");
  Header header;
  header.kind = values[0];
  header.n = static_cast<int>(header_number(path, 3, "n", values[1], 1, kMaxHeaderN));
  header.target = header_number(path, 4, "target", values[2], 1, kMaxSubproblems);
  header.subproblems = header_number(path, 5, "subproblems", values[3], 0, kMaxSubproblems);
  const std::string& crc = values[4];
  if (crc.size() != 8 || crc.find_first_not_of("0123456789abcdef") != std::string::npos)
    fail(path, 6, "expected 'frontier' and 8 hex digits, found 'frontier " + crc + "'");
  header.frontier = static_cast<std::uint32_t>(std::strtoul(crc.c_str(), nullptr, 16));
  try {
    std::tie(header.part, header.parts) = parse_part(values[5]);
  } catch (const std::invalid_argument& e) {
    fail(path, 7, std::string(e.what()) + " (the 'part' line)");
  }
  return header;
}

// One record line (line number `number`), checked against the header:
// "done <id> <total> <unique> <crc>", its id in range and in the part.
Record read_record(const std::filesystem::path& path, std::size_t number, const std::string& line,
                   const Header& header) {
  auto last = line.rfind(' ');
  if (line.compare(0, 5, "done ") != 0 || last == std::string::npos ||
      line.substr(last + 1) != hex32(line_crc(line.substr(0, last))))
    fail(path, number, "damaged record (checksum does not match): '" + line + "'");
  std::istringstream fields(line.substr(5, last - 5));
  std::string id_text, total_text, unique_text, extra;
  fields >> id_text >> total_text >> unique_text;
  Record record;
  bool id_ok = false;
  record.id = parse_u64(id_text, id_ok);
  auto total = parse_count(total_text);
  auto unique = parse_count(unique_text);
  if (!id_ok || !total || !unique || (fields >> extra))
    fail(path, number, "expected 'done <id> <total> <unique> <crc>', found '" + line + "'");
  record.total = *total;
  record.unique = *unique;
  if (record.id >= header.subproblems)
    fail(path, number,
         "subproblem id " + id_text + " out of range (the frontier has " +
             std::to_string(header.subproblems) + ")");
  // A part's file holds its own subproblems only: any other would be
  // counted as done and never let the part complete.
  if (!in_part(record.id, header.part, header.parts))
    fail(path, number,
         "expected a subproblem of part " + std::to_string(header.part) + "/" +
             std::to_string(header.parts) + " (id % " + std::to_string(header.parts) +
             " == " + std::to_string(header.part - 1) + "), found subproblem " + id_text);
  return record;
}

}  // namespace

Contents read(const std::filesystem::path& path) {
  // The header first (a few hundred bytes): what it says bounds the rest,
  // so no input makes the reader take more than a checkpoint can hold.
  std::string data, error;
  if (!read_file(path, kHeaderBytes, data, error))
    throw Error(path.string() + ": cannot read checkpoint: " + error);
  if (data.empty()) throw Error(path.string() + ": empty file, not a checkpoint");

  Contents contents;
  std::vector<std::string> lines = whole_lines(data, contents.torn_tail, contents.valid_bytes);
  const Header& header = contents.header = read_header(path, lines);

  // Now the whole file, up to what its subproblems can fill (each may be
  // recorded twice: a resumed run may repeat the last batch).
  const std::uint64_t most = kHeaderBytes + 2 * kRecordBytes * (header.subproblems + 1);
  if (!read_file(path, static_cast<std::size_t>(most) + 1, data, error))
    throw Error(path.string() + ": cannot read checkpoint: " + error);
  if (data.size() > most)
    throw Error(path.string() + ": larger than a checkpoint of " +
                std::to_string(header.subproblems) + " subproblems can be (" +
                std::to_string(most) + " bytes)");
  lines = whole_lines(data, contents.torn_tail, contents.valid_bytes);

  // Records: each line checks itself; one id may repeat only with the same counts.
  std::unordered_map<std::uint64_t, std::size_t> seen;
  for (std::size_t i = 8; i < lines.size(); ++i) {
    Record record = read_record(path, i + 1, lines[i], header);
    auto [it, fresh] = seen.emplace(record.id, contents.records.size());
    if (!fresh) {
      const Record& earlier = contents.records[it->second];
      if (earlier.total != record.total || earlier.unique != record.unique)
        fail(path, i + 1,
             "subproblem " + std::to_string(record.id) + " recorded twice with different counts");
      continue;
    }
    contents.records.push_back(record);
  }
  return contents;
}

void require_match(const std::filesystem::path& path, const Header& expected, const Header& found) {
  auto mismatch = [&](const std::string& what, const std::string& want, const std::string& got,
                      const std::string& advice = "use another file, or the same options") {
    throw Error(path.string() + ": checkpoint of another run: " + what + " is " + got +
                " in the file, " + want + " in this run (" + advice + ")");
  };
  // Another counter, or the same one before its subproblems changed meaning
  // (queens-join before queens-join2): no option makes it resumable.
  if (found.kind != expected.kind)
    mismatch("kind", expected.kind, found.kind,
             "another counter or an older version of it: use another file");
  if (found.n != expected.n) mismatch("N", std::to_string(expected.n), std::to_string(found.n));
  if (found.target != expected.target)
    mismatch("the split target (--subproblems)", std::to_string(expected.target),
             std::to_string(found.target));
  if (found.subproblems != expected.subproblems)
    mismatch("the frontier size", std::to_string(expected.subproblems),
             std::to_string(found.subproblems));
  if (found.frontier != expected.frontier)
    mismatch("the frontier checksum (the split changed)", hex32(expected.frontier),
             hex32(found.frontier));
  if (found.part != expected.part || found.parts != expected.parts)
    mismatch("--part", std::to_string(expected.part) + "/" + std::to_string(expected.parts),
             std::to_string(found.part) + "/" + std::to_string(found.parts));
}

void add_records(Tally& tally, std::span<const Record> records, const std::string& origin) {
  for (const Record& record : records) {
    if (record.id >= tally.done.size())
      throw Error(origin + ": subproblem id " + std::to_string(record.id) + " out of range");
    auto [it, fresh] = tally.counts.emplace(record.id, std::pair(record.total, record.unique));
    if (!fresh) {
      // Counted already (another part file): the two must agree, never be mixed.
      if (it->second != std::pair(record.total, record.unique))
        throw Error(origin + ": subproblem " + std::to_string(record.id) +
                    " has other counts than in an earlier file");
      continue;
    }
    tally.done[record.id] = true;
    ++tally.done_count;
    if (!add_checked(tally.total, record.total) || !add_checked(tally.unique, record.unique))
      throw Error(origin + ": the sum of the counts exceeds 128 bits");
  }
}

Tally tally(std::uint64_t subproblems, std::span<const Record> records, const std::string& origin) {
  Tally result;
  result.done.assign(subproblems, false);
  add_records(result, records, origin);
  return result;
}

//--- Writer --------------------------------------------------------------------

Writer::Writer(const std::filesystem::path& path, int fd, Batching batching)
    : path_(path), fd_(fd), batching_(batching), last_sync_(std::chrono::steady_clock::now()) {}

Writer::Writer(Writer&& other) noexcept
    : path_(std::move(other.path_)),
      fd_(other.fd_),
      batching_(other.batching_),
      buffer_(std::move(other.buffer_)),
      buffered_(other.buffered_),
      last_sync_(other.last_sync_),
      syncs_(other.syncs_.load()) {
  other.fd_ = -1;
}

Writer::~Writer() {
  stop_syncer();
  if (fd_ < 0) return;
  try {
    flush();
  } catch (const std::exception&) {
    // A destructor cannot report; flush() callers see the error.
  }
  ::close(fd_);
}

namespace {

int open_locked(const std::filesystem::path& path, int flags) {
  int fd = ::open(path.c_str(), flags | O_CLOEXEC, 0644);
  if (fd < 0) throw Error(path.string() + ": cannot open checkpoint: " + errno_text());
  // Two runs appending to one checkpoint would interleave their records.
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw Error(path.string() + ": checkpoint is in use by another running count");
  }
  return fd;
}

void write_all(const std::filesystem::path& path, int fd, const std::string& text) {
  const char* data = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(fd, data, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(path.string() + ": cannot write checkpoint: " + errno_text());
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
}

void sync(const std::filesystem::path& path, int fd) {
  if (::fsync(fd) != 0) throw Error(path.string() + ": cannot sync checkpoint: " + errno_text());
}

}  // namespace

void require_unlocked(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;  // read() names what is wrong with it
  const bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  if (held) throw Error(path.string() + ": checkpoint is in use by another running count");
}

Writer Writer::create(const std::filesystem::path& path, const Header& header, Batching batching) {
  // Where the records go: a link is followed (its target holds them); what
  // is no regular file (a device, a FIFO, a descriptor such as
  // /proc/self/fd/1) could never be resumed, and is refused untouched.
  const Error no_regular_file(path.string() +
                              ": not a regular file (expected a file the checkpoint can be "
                              "kept in and resumed from)");
  OutputTarget target;
  try {
    target = output_target(path);
  } catch (const std::exception& e) {
    throw Error(std::string(e.what()));
  }
  if (target.in_place) throw no_regular_file;
  const std::filesystem::path& file = target.file;
  // Created here (O_EXCL), or found: only a file this run created is ever
  // removed again; one that was there is left as it was found (empty).
  bool created = true;
  int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST) {
    created = false;
    // (O_NONBLOCK: a FIFO put in its place meanwhile fails instead of waiting)
    fd = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  }
  if (fd < 0) throw Error(path.string() + ": cannot open checkpoint: " + errno_text());
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw no_regular_file;
  }
  // The lock before the size: of two runs started together, the second is
  // told the file is in use, not that it exists. (A file created here whose
  // lock another run took first is that run's now: not removed.)
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw Error(path.string() + ": checkpoint is in use by another running count");
  }
  if (::fstat(fd, &st) == 0 && st.st_size > 0) {
    ::close(fd);
    throw Error(path.string() +
                ": checkpoint already exists (add --resume to continue it, or remove it)");
  }
  (void)::fcntl(fd, F_SETFL, O_APPEND);  // blocking writes from here on
  Writer writer(path, fd, batching);
  try {
    write_all(path, fd, header_text(header));
    sync(path, fd);
  } catch (...) {
    // Undone: the file this run created goes; a file found empty is left
    // empty, never removed (it may be a name the user made for it).
    if (created)
      ::unlink(file.c_str());
    else if (::ftruncate(fd, 0) != 0) {
      // nothing more to undo: the error thrown says what went wrong
    }
    throw;
  }
  // The directory entry itself must survive a crash too.
  auto directory = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  int dir = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return writer;
}

Writer Writer::resume(const std::filesystem::path& path, const Contents& contents,
                      Batching batching) {
  int fd = open_locked(path, O_WRONLY | O_APPEND);
  Writer writer(path, fd, batching);
  if (contents.torn_tail) {
    if (::ftruncate(fd, static_cast<off_t>(contents.valid_bytes)) != 0)
      throw Error(path.string() + ": cannot cut the torn last line: " + errno_text());
    sync(path, fd);
  }
  return writer;
}

void Writer::add(const Record& record) {
  char line[kMaxRecord];
  const std::size_t size = format_record(record, line);
  std::lock_guard lock(mutex_);
  if (!error_.empty()) throw Error(error_);
  buffer_.append(line, size);
  ++buffered_;
  if (!syncer_.running())
    syncer_ = Background([this](std::stop_token token) { sync_loop(token); });
  if (buffered_ >= batching_.records) wake_.notify_one();
}

void Writer::flush() {
  {
    std::lock_guard lock(mutex_);
    if (!error_.empty()) throw Error(error_);
  }
  std::lock_guard io(io_mutex_);
  write_batch();
}

void Writer::sync_loop(std::stop_token token) {
  const auto period = seconds_duration(std::max(batching_.seconds, 0.001));
  std::unique_lock lock(mutex_);
  while (!token.stop_requested()) {
    wake_.wait_for(lock, token, period, [this] { return buffered_ >= batching_.records; });
    if (token.stop_requested()) break;
    lock.unlock();
    try {
      std::lock_guard io(io_mutex_);
      write_batch();
    } catch (const std::exception& e) {
      lock.lock();
      error_ = e.what();
      break;
    }
    lock.lock();
  }
}

void Writer::stop_syncer() { syncer_.stop(); }

void Writer::write_batch() {
  std::string batch;
  {
    std::lock_guard lock(mutex_);
    last_sync_ = std::chrono::steady_clock::now();
    batch.swap(buffer_);
    buffered_ = 0;
  }
  if (batch.empty() || fd_ < 0) return;
  write_all(path_, fd_, batch);
  sync(path_, fd_);
  syncs_.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace nursery::checkpoint
