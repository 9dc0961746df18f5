// The checkpoint reader on any file contents: Contents or a checkpoint::Error
// naming the file, never a crash and never an allocation the header asks
// for beyond its limits.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <nursery/checkpoint.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/nursery-fuzz-checkpoint." + std::to_string(::getpid());
  FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return 0;
  std::fwrite(data, 1, size, file);
  std::fclose(file);
  try {
    (void)nursery::checkpoint::read(path);
  } catch (const nursery::checkpoint::Error&) {
  }
  return 0;
}
