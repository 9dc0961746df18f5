// nursery gen KIND ...: reproducible instance generators.
#include <iostream>
#include <string>

#include "options.hpp"
#include "commands.hpp"

namespace nursery::cli {

int cmd_gen(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::cout << "usage: nursery gen lizards|skyscrapers [options]  (--help after the kind)\n";
    return argc < 2 ? kExitUsage : kExitSuccess;
  }
  std::string kind = argv[1];
  std::string program = std::string("nursery gen ") + kind;
  argv[1] = program.data();
  int status = kExitUsage;
  if (kind == "lizards")
    status = cmd_gen_lizards(argc - 1, argv + 1);
  else if (kind == "skyscrapers")
    status = cmd_gen_skyscrapers(argc - 1, argv + 1);
  else
    throw UsageError("gen: expected a kind, lizards or skyscrapers, found '" + kind + "'");
  if (status == kExitTimeout) std::cerr << "timeout: --timeout passed; nothing written\n";
  return status;
}

}  // namespace nursery::cli
