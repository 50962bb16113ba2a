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

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>

struct bodywork_thread_start {
    void (*body)(void *);
    void *context;
    cpu_set_t allowed;
    int restores;
};

static void *bodywork_thread_main(void *argument) {
    struct bodywork_thread_start start = *(struct bodywork_thread_start *)argument;
    free(argument);
    if (start.restores) sched_setaffinity(0, sizeof(cpu_set_t), &start.allowed);
    start.body(start.context);
    return NULL;
}

int bodywork_start_thread(void (*body)(void *), void *context, size_t stack_size) {
    struct bodywork_thread_start *start = malloc(sizeof *start);
    if (!start) return -1;
    start->body = body;
    start->context = context;
    start->restores = 0;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    if (stack_size) pthread_attr_setstacksize(&attributes, stack_size);
    int here = sched_getcpu();
    if (here >= 0 && sched_getaffinity(0, sizeof(cpu_set_t), &start->allowed) == 0
        && CPU_COUNT(&start->allowed) > 1 && CPU_ISSET(here, &start->allowed)) {
        cpu_set_t elsewhere = start->allowed;
        CPU_CLR(here, &elsewhere);
        if (pthread_attr_setaffinity_np(&attributes, sizeof(cpu_set_t), &elsewhere) == 0) start->restores = 1;
    }
    pthread_t thread;
    int result = pthread_create(&thread, &attributes, bodywork_thread_main, start);
    pthread_attr_destroy(&attributes);
    if (result != 0) { free(start); return result; }
    pthread_detach(thread);
    return 0;
}
#endif
