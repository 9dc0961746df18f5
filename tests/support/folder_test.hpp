// A test that runs the CLI in a fresh folder of its own: write and read
// files there (a relative name is under the folder), and run `nursery ARGS`
// in it.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_cli.hpp"
#include "temp_dir.hpp"

namespace nursery::testing {

class FolderTest : public ::testing::Test {
 protected:
  std::filesystem::path write(const std::string& name, const std::string& text) {
    nursery::testing::write(dir_ / name, text);
    return dir_ / name;
  }
  std::string read(const std::filesystem::path& path) const {
    return nursery::testing::read(dir_ / path);
  }
  // `nursery ARGS` run by the shell in the test's folder (ARGS may redirect stdin).
  CliResult run(const std::string& args) const { return run_in(dir_, args); }
  TempDir folder_;
  const std::filesystem::path dir_ = folder_.path();
};

}  // namespace nursery::testing
