#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "SystemShims.h"
#include <stdlib.h>
#include <string.h>

int bodywork_system_shims_present(void) { return 1; }

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int bodywork_exchange(const char *from, const char *to) {
#ifdef SYS_renameat2
    // The system call itself: glibc's wrapper is missing before 2.28.
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}
#elif defined(__APPLE__)
#include <stdio.h>

int bodywork_exchange(const char *from, const char *to) { return renamex_np(from, to, RENAME_SWAP); }
#else
#include <errno.h>

int bodywork_exchange(const char *from, const char *to) {
    (void)from;
    (void)to;
    errno = ENOTSUP;
    return -1;
}
#endif

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

int bodywork_mechanism_off(const char *name) {
    const char *list = getenv("BODYWORK_DISABLE");
    size_t length = strlen(name);
    while (list && *list) {
        const char *end = strchr(list, ',');
        size_t item = end ? (size_t)(end - list) : strlen(list);
        if (item == length && strncmp(list, name, length) == 0) return 1;
        list = end ? end + 1 : NULL;
    }
    return 0;
}
