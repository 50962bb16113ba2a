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

/// Whether `BODYWORK_DISABLE` (a comma-separated list, a measuring aid) names the speed
/// mechanism `name` (see `Mechanism` in the Runtime module): 1 when it does.
int bodywork_mechanism_off(const char *name);

/// Swaps the two existing files `from` and `to` in one step (Linux `renameat2` with
/// `RENAME_EXCHANGE`, Darwin `renamex_np` with `RENAME_SWAP`): 0, or -1 with `errno`
/// (`ENOSYS`, `EINVAL`, `ENOTSUP`: the system or the file system cannot swap).
int bodywork_exchange(const char *from, const char *to);

/// A mutex and its condition variable. On Linux the mutex spins a little before it puts
/// the thread to sleep (`PTHREAD_MUTEX_ADAPTIVE_NP`): a thread woken from a futex can
/// take a tenth of a millisecond to run again on a virtual machine, far longer than the
/// few instructions most holders keep the lock. Any failure of the C library aborts.
typedef struct bodywork_lock bodywork_lock;
bodywork_lock *bodywork_lock_create(void);
void bodywork_lock_destroy(bodywork_lock *lock);
void bodywork_lock_lock(bodywork_lock *lock);
void bodywork_lock_unlock(bodywork_lock *lock);
/// Waits on the condition; the caller holds the lock, and holds it again on return.
void bodywork_lock_wait(bodywork_lock *lock);
void bodywork_lock_signal(bodywork_lock *lock);
void bodywork_lock_broadcast(bodywork_lock *lock);

#if defined(__linux__)
/// Allocates `size` bytes and never frees them nor touches them: room of the heap set
/// aside on purpose. (A block allocated from Swift and left unused is removed by the
/// optimizer; one recorded here is not.)
void bodywork_set_aside(size_t size);

/// Starts a detached thread running `body(context)` with a stack of `stack_size` bytes (0
/// for the default), first on a processor other than the caller's, then allowed on all
/// the process may use.
int bodywork_start_thread(void (*body)(void *), void *context, size_t stack_size);

/// Placement: while a run's `threads` work in parallel, each keeps a processor of its
/// own, so that the system never queues two of them on one processor while another is
/// idle (on virtual machines a woken thread often lands on its waker's processor). Begun
/// only when the process may use at least `threads` processors and the system runs
/// nothing else that would need them, and not when `BODYWORK_NO_PLACEMENT` is set.
/// Keeps the calling thread on its processor; returns 1 when placement is on.
int bodywork_placement_begin(int threads);
/// Ends the placement: the thread that began it may run anywhere again; helpers are
/// freed when they next adopt.
void bodywork_placement_end(void);
/// For a helper thread before each work: a processor of its own while a placement is on
/// (when one is left; the one it last had when free), else allowed on every processor.
void bodywork_placement_adopt(void);
/// For a helper thread after each work: its processor is free for others (it is left
/// there until it next adopts).
void bodywork_placement_leave(void);
/// Lets this thread run on every processor for a moment (to start a child process, which
/// inherits it); returns what `bodywork_placement_restore` takes back.
int bodywork_placement_release(void);
void bodywork_placement_restore(int processor);
#endif

#endif
