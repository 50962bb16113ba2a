// Declarations of the C library that the Glibc module leaves out: the allocator's tuning
// (<malloc.h>) and extended attributes (<sys/xattr.h>). Called directly, they work in a
// statically linked executable too, where looking them up at run time finds nothing.
#ifndef BODYWORK_SYSTEM_SHIMS_H
#define BODYWORK_SYSTEM_SHIMS_H

#if defined(__linux__)
#include <malloc.h>
#include <sys/types.h>
#include <sys/xattr.h>
#endif

/// Always 1: gives the module a symbol of its own on every platform.
int bodywork_system_shims_present(void);

/// Swaps the two existing files `from` and `to` in one step (Linux `renameat2` with
/// `RENAME_EXCHANGE`, Darwin `renamex_np` with `RENAME_SWAP`): 0, or -1 with `errno`
/// (`ENOSYS`, `EINVAL`, `ENOTSUP`: the system or the file system cannot swap).
int bodywork_exchange(const char *from, const char *to);

#if defined(__linux__)
/// Allocates `size` bytes and never frees them nor touches them: room of the heap set
/// aside on purpose. (A block allocated from Swift and left unused is removed by the
/// optimizer; one recorded here is not.)
void bodywork_set_aside(size_t size);
#endif

#endif
