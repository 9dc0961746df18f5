// Closes the region queens/isa_begin.hpp opened.
#if NURSERY_ISA_LEVEL != 0 && defined(__clang__)
#pragma clang attribute pop
#pragma clang diagnostic pop
#elif NURSERY_ISA_LEVEL != 0
#pragma GCC diagnostic pop
#pragma GCC pop_options
#endif
