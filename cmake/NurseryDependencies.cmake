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
# ThreadSanitizer must see oneTBB's own synchronisation (a task spawned, a
# loop joined): nursery states no hand-over of its own, so against the
# system's uninstrumented libtbb every task would read as a race. A TSan
# build takes the oneTBB that .ci/tsan_tbb.sh builds with it.
if(NURSERY_SANITIZE MATCHES "thread")
  get_target_property(nursery_tbb_configs TBB::tbb IMPORTED_CONFIGURATIONS)
  list(GET nursery_tbb_configs 0 nursery_tbb_config)
  string(TOUPPER "${nursery_tbb_config}" nursery_tbb_config)
  get_target_property(nursery_tbb_library TBB::tbb IMPORTED_LOCATION_${nursery_tbb_config})
  set(nursery_tbb_tsan "")
  if(nursery_tbb_library AND EXISTS "${nursery_tbb_library}")
    file(STRINGS "${nursery_tbb_library}" nursery_tbb_tsan REGEX "__tsan_init" LIMIT_COUNT 1)
  endif()
  if(NOT nursery_tbb_tsan)
    message(FATAL_ERROR
      "nursery: NURSERY_SANITIZE=thread needs a oneTBB built with ThreadSanitizer, and "
      "${nursery_tbb_library} is not. Build one (18 s on 2 cores, cached) and point at it:\n"
      "  cmake ... -DNURSERY_SANITIZE=thread -DTBB_DIR=$(bash .ci/tsan_tbb.sh BUILD_DIR)")
  endif()
endif()
nursery_require(Boost libboost-program-options-dev COMPONENTS program_options)
nursery_require(spdlog libspdlog-dev)
nursery_require(nlohmann_json nlohmann-json3-dev)
nursery_require(PNG libpng-dev)
find_package(Threads REQUIRED)
if(NURSERY_BUILD_TESTS)
  nursery_require(GTest libgtest-dev)
  include(GoogleTest)
endif()
