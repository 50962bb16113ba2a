// A mutex that spins a little before it sleeps, with its condition variable.
#define _GNU_SOURCE
#include "SystemShims.h"
#include <pthread.h>
#include <stdlib.h>

struct bodywork_lock {
    pthread_mutex_t mutex;
    pthread_cond_t condition;
};

bodywork_lock *bodywork_lock_create(void) {
    bodywork_lock *lock = malloc(sizeof(bodywork_lock));
    if (lock == NULL) abort();
    pthread_mutexattr_t attributes;
    pthread_mutexattr_init(&attributes);
#if defined(PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP)
    if (!bodywork_mechanism_off("spin")) pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_ADAPTIVE_NP);
#endif
    if (pthread_mutex_init(&lock->mutex, &attributes) != 0) abort();
    pthread_mutexattr_destroy(&attributes);
    if (pthread_cond_init(&lock->condition, NULL) != 0) abort();
    return lock;
}

void bodywork_lock_destroy(bodywork_lock *lock) {
    pthread_cond_destroy(&lock->condition);
    pthread_mutex_destroy(&lock->mutex);
    free(lock);
}

void bodywork_lock_lock(bodywork_lock *lock) {
    if (pthread_mutex_lock(&lock->mutex) != 0) abort();
}

void bodywork_lock_unlock(bodywork_lock *lock) {
    if (pthread_mutex_unlock(&lock->mutex) != 0) abort();
}

void bodywork_lock_wait(bodywork_lock *lock) {
    if (pthread_cond_wait(&lock->condition, &lock->mutex) != 0) abort();
}

void bodywork_lock_signal(bodywork_lock *lock) {
    pthread_cond_signal(&lock->condition);
}

void bodywork_lock_broadcast(bodywork_lock *lock) {
    pthread_cond_broadcast(&lock->condition);
}
