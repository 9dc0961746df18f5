// The files a run reads beside its instances (a manifest, a report to rerun
// or compare, a joblog, a part to merge): regular files only, so a FIFO, a
// device or a socket named by mistake is refused at once instead of
// blocking on its open or filling memory with /dev/zero's bytes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace nursery::batch {

// Up to `most` bytes of `path` (all of it when most == 0) into `text`. False,
// with the reason in `error` (the OS's, or "not a regular file ..."), when it
// cannot be read; callers write "PATH: REASON".
bool read_input_file(const std::filesystem::path& path, std::size_t most, std::string& text,
                     std::string& error);

}  // namespace nursery::batch
