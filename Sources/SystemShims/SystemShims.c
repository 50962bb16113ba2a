#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "SystemShims.h"

int bodywork_system_shims_present(void) { return 1; }

#if defined(__linux__)
#include <stdatomic.h>
#include <stdlib.h>

/// The block last set aside, kept only so that the allocation is not optimized away:
/// volatile, since a store that nothing reads would be removed too, and with it the
/// allocation (the whole program is optimized at once).
static volatile _Atomic(void *) bodywork_set_aside_block;

void bodywork_set_aside(size_t size) {
    atomic_store_explicit(&bodywork_set_aside_block, malloc(size), memory_order_relaxed);
}
#endif
