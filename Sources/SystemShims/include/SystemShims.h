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

#endif
