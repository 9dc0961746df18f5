# Every dependency comes from a Debian package. When one is missing, stop
# with the exact line that installs it rather than a wall of CMake output.
macro(nursery_require package debian)
  find_package(${package} ${ARGN} QUIET)
  if(NOT ${package}_FOUND)
    message(FATAL_ERROR
      "nursery: ${package} not found. Install it with:\n"
      "  sudo apt-get install -y ${debian}\n"
      "(or run ./setup.sh, which installs every missing package)")
  endif()
endmacro()

nursery_require(TBB libtbb-dev)
nursery_require(Boost libboost-program-options-dev COMPONENTS program_options)
nursery_require(spdlog libspdlog-dev)
nursery_require(nlohmann_json nlohmann-json3-dev)
nursery_require(PNG libpng-dev)
find_package(Threads REQUIRED)
if(NURSERY_BUILD_TESTS)
  nursery_require(GTest libgtest-dev)
  include(GoogleTest)
endif()
