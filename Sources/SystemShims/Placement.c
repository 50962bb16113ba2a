// Where a run's threads run (Linux): see `bodywork_placement_begin` in SystemShims.h.
#if defined(__linux__)
#define _GNU_SOURCE
#include "SystemShims.h"
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

// Spins before it sleeps: held for a few instructions, by threads that would otherwise wait
// longer to be woken than it is held (see `bodywork_lock`).
static pthread_mutex_t placement_lock = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP;
/// The processors the process was allowed when the placement began.
static cpu_set_t placement_allowed;
/// The processors held by threads at work.
static cpu_set_t placement_held;
static int placing;
/// A placement began once: `placement_allowed` is known.
static int placement_begun;
/// Counts placements, so that a thread knows whether what it holds is of the current one.
static long placement_number;

/// The one processor this thread is kept on (-1: none).
static __thread int thread_processor = -1;
/// The placement in which this thread holds `thread_processor` (0: none).
static __thread long thread_holds;

static void allow(const cpu_set_t *set) { sched_setaffinity(0, sizeof(cpu_set_t), set); }

static void allow_only(int processor) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(processor, &one);
    allow(&one);
}

/// How many tasks the system runs now, this one included (the fourth field of
/// /proc/loadavg); -1 when unknown.
static int runnable_tasks(void) {
    FILE *file = fopen("/proc/loadavg", "re");
    if (!file) return -1;
    double one, five, fifteen;
    int running = -1, total;
    if (fscanf(file, "%lf %lf %lf %d/%d", &one, &five, &fifteen, &running, &total) != 5) running = -1;
    fclose(file);
    return running;
}

int bodywork_placement_begin(int threads) {
    if (threads < 2 || getenv("BODYWORK_NO_PLACEMENT") || bodywork_mechanism_off("placement")) return 0;
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0 || CPU_COUNT(&allowed) < threads) return 0;
    // Other work running now would share processors the threads could not leave.
    int running = runnable_tasks();
    if (running < 1 || running - 1 > CPU_COUNT(&allowed) - threads) return 0;
    int here = sched_getcpu();
    if (here < 0 || !CPU_ISSET(here, &allowed)) return 0;
    pthread_mutex_lock(&placement_lock);
    placement_allowed = allowed;
    CPU_ZERO(&placement_held);
    CPU_SET(here, &placement_held);
    placing = 1;
    placement_begun = 1;
    placement_number += 1;
    thread_holds = placement_number;
    pthread_mutex_unlock(&placement_lock);
    thread_processor = here;
    allow_only(here);
    return 1;
}

void bodywork_placement_end(void) {
    pthread_mutex_lock(&placement_lock);
    if (placing) {
        placing = 0;
        placement_number += 1;
    }
    cpu_set_t allowed = placement_allowed;
    pthread_mutex_unlock(&placement_lock);
    thread_holds = 0;
    if (thread_processor >= 0) {
        thread_processor = -1;
        allow(&allowed);
    }
}

void bodywork_placement_adopt(void) {
    pthread_mutex_lock(&placement_lock);
    if (thread_holds == placement_number) {
        pthread_mutex_unlock(&placement_lock);
        return;
    }
    int processor = -1;
    if (placing) {
        // The processor this thread is on, or was last kept on, when no other thread holds it.
        int preferred = thread_processor >= 0 ? thread_processor : sched_getcpu();
        if (preferred >= 0 && CPU_ISSET(preferred, &placement_allowed) && !CPU_ISSET(preferred, &placement_held)) {
            processor = preferred;
        } else {
            for (int candidate = 0; candidate < CPU_SETSIZE; candidate++) {
                if (CPU_ISSET(candidate, &placement_allowed) && !CPU_ISSET(candidate, &placement_held)) {
                    processor = candidate;
                    break;
                }
            }
        }
        if (processor >= 0) {
            CPU_SET(processor, &placement_held);
            thread_holds = placement_number;
        }
    }
    cpu_set_t allowed = placement_allowed;
    pthread_mutex_unlock(&placement_lock);
    if (processor >= 0) {
        if (processor != thread_processor) allow_only(processor);
        thread_processor = processor;
    } else if (thread_processor >= 0) {
        thread_processor = -1;
        allow(&allowed);
    }
}

void bodywork_placement_leave(void) {
    pthread_mutex_lock(&placement_lock);
    if (thread_holds == placement_number && thread_processor >= 0) CPU_CLR(thread_processor, &placement_held);
    thread_holds = 0;
    pthread_mutex_unlock(&placement_lock);
}

int bodywork_placement_release(void) {
    if (thread_processor < 0) return -1;
    pthread_mutex_lock(&placement_lock);
    cpu_set_t allowed = placement_allowed;
    pthread_mutex_unlock(&placement_lock);
    allow(&allowed);
    return thread_processor;
}

void bodywork_placement_restore(int processor) {
    if (processor >= 0 && processor == thread_processor) allow_only(processor);
}

struct thread_start {
    void (*body)(void *);
    void *context;
    /// What to allow once started, when `restores`.
    cpu_set_t allowed;
    int restores;
};

static void *thread_main(void *argument) {
    struct thread_start start = *(struct thread_start *)argument;
    free(argument);
    if (start.restores) allow(&start.allowed);
    start.body(start.context);
    return NULL;
}

int bodywork_start_thread(void (*body)(void *), void *context, size_t stack_size) {
    struct thread_start *start = malloc(sizeof *start);
    if (!start) return -1;
    start->body = body;
    start->context = context;
    start->restores = 0;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    if (stack_size) pthread_attr_setstacksize(&attributes, stack_size);
    // All the process may use, as the last placement found it: not only the one processor
    // this thread is kept on (or was, by a placement since ended).
    pthread_mutex_lock(&placement_lock);
    int known = placement_begun;
    if (known) start->allowed = placement_allowed;
    pthread_mutex_unlock(&placement_lock);
    if (bodywork_mechanism_off("placement")) {
    } else if (known || sched_getaffinity(0, sizeof(cpu_set_t), &start->allowed) == 0) {
        // Started on a processor other than this thread's, then allowed on all again.
        int here = sched_getcpu();
        if (here >= 0 && CPU_ISSET(here, &start->allowed) && CPU_COUNT(&start->allowed) > 1) {
            cpu_set_t elsewhere = start->allowed;
            CPU_CLR(here, &elsewhere);
            if (pthread_attr_setaffinity_np(&attributes, sizeof(cpu_set_t), &elsewhere) == 0) start->restores = 1;
        }
    }
    pthread_t thread;
    int result = pthread_create(&thread, &attributes, thread_main, start);
    pthread_attr_destroy(&attributes);
    if (result != 0) {
        free(start);
        return result;
    }
    pthread_detach(thread);
    return 0;
}
#endif
