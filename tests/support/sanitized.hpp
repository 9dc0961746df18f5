#pragma once

// NURSERY_TEST_SANITIZED: this test program is built with AddressSanitizer
// or ThreadSanitizer, which GCC says with its own macros and clang (CI's
// ASan build) only through __has_feature. The tests' time and memory
// bounds are wider there, and what needs a small address space is left out.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define NURSERY_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define NURSERY_TEST_SANITIZED 1
#endif
#endif
