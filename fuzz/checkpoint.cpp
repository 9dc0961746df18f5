// The checkpoint reader on any file contents: Contents or a checkpoint::Error
// naming the file, never a crash and never an allocation the header asks
// for beyond its limits. Property: a file that reads, written again by the
// Writer (its header, then its records), reads back the same.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <nursery/checkpoint.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace ck = nursery::checkpoint;
  static const std::string path = "/tmp/nursery-fuzz-checkpoint." + std::to_string(::getpid());
  static const std::string again = path + ".again";
  FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return 0;
  std::fwrite(data, 1, size, file);
  std::fclose(file);
  ck::Contents contents;
  try {
    contents = ck::read(path);
  } catch (const ck::Error&) {
    return 0;
  }
  std::filesystem::remove(again);
  {
    auto writer = ck::Writer::create(again, contents.header, {});
    for (const auto& record : contents.records) writer.add(record);
    writer.flush();
  }
  ck::Contents reread;
  try {
    reread = ck::read(again);
  } catch (const ck::Error&) {
    __builtin_trap();  // what the writer wrote, the reader must read
  }
  const auto& a = contents.header;
  const auto& b = reread.header;
  if (a.kind != b.kind || a.n != b.n || a.target != b.target || a.subproblems != b.subproblems ||
      a.frontier != b.frontier || a.part != b.part || a.parts != b.parts || reread.torn_tail)
    __builtin_trap();
  if (reread.records.size() != contents.records.size()) __builtin_trap();
  for (std::size_t i = 0; i < reread.records.size(); ++i)
    if (reread.records[i].id != contents.records[i].id ||
        reread.records[i].total != contents.records[i].total ||
        reread.records[i].unique != contents.records[i].unique)
      __builtin_trap();
  std::filesystem::remove(again);
  return 0;
}
