# The engine is a library; the CLI (apps/, its internal library nursery_cli)
# is its client. This fails when any file under ENGINE_DIR reaches back into
# the CLI: an #include of a CLI header (cli/..., apps/..., the old
# nursery/cli.hpp and its kin), a usage error (the CLI's exit status 2: the
# engine throws std::invalid_argument or InputError, the CLI maps them), a
# name in namespace cli, or std::cout's buffer swapped.
#   cmake -DENGINE_DIR=engine -P tests/layout/engine_apart.cmake
get_filename_component(ENGINE_DIR "${ENGINE_DIR}" ABSOLUTE)
if(NOT IS_DIRECTORY "${ENGINE_DIR}")
  message(FATAL_ERROR "engine_apart: ENGINE_DIR='${ENGINE_DIR}' is no directory")
endif()
file(GLOB_RECURSE sources "${ENGINE_DIR}/*.cpp" "${ENGINE_DIR}/*.hpp" "${ENGINE_DIR}/*.h")
if(NOT sources)
  message(FATAL_ERROR "engine_apart: no sources under ${ENGINE_DIR}")
endif()
set(rules
  "#[ \t]*include[ \t]*[<\"](cli|apps)/"
  "#[ \t]*include[ \t]*[<\"]nursery/(cli|bench|lizards_cli|queens_count|queens_show)\\.hpp"
  "#[ \t]*include[ \t]*[<\"](boost/program_options|spdlog/)"
  "UsageError|usage_error"
  "namespace[ \t]+(nursery::)?cli[ \t]*[{;]|[^A-Za-z_]cli::"
  "rdbuf[ \t]*\\([^)]")
set(failures 0)
foreach(source ${sources})
  file(STRINGS "${source}" lines)
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    foreach(rule ${rules})
      if(line MATCHES "${rule}")
        file(RELATIVE_PATH shown "${ENGINE_DIR}/.." "${source}")
        message(SEND_ERROR "${shown}:${number}: the engine reaches into the CLI (${CMAKE_MATCH_0}): ${line}")
        math(EXPR failures "${failures} + 1")
      endif()
    endforeach()
  endforeach()
endforeach()
list(LENGTH sources checked)
if(failures GREATER 0)
  message(FATAL_ERROR "engine_apart: ${failures} lines of ${ENGINE_DIR} reach into the CLI")
endif()
message(STATUS "engine_apart: ${checked} files, none reaches into the CLI")
