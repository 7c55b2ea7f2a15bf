// The baseline pool's kernel primitives on POSIX: an unnamed sem_t and a
// pthread mutex, the closest match to the old design's Windows semaphore and
// CRITICAL_SECTION. Not copyable. Thread-safe as the underlying objects are.
#ifndef TPOOL_BENCH_PEERS_KERNEL_SYNC_H
#define TPOOL_BENCH_PEERS_KERNEL_SYNC_H

#include <pthread.h>
#include <semaphore.h>

#include <cerrno>
#include <cstdint>

namespace bench {

class kernel_semaphore {
 public:
  kernel_semaphore() { ok_ = sem_init(&sem_, 0, 0) == 0; }
  ~kernel_semaphore() {
    if (ok_) sem_destroy(&sem_);
  }
  kernel_semaphore(const kernel_semaphore &) = delete;
  kernel_semaphore &operator=(const kernel_semaphore &) = delete;

  bool valid() const { return ok_; }
  void release(uint32_t count) {
    for (uint32_t i = 0; i < count; ++i) sem_post(&sem_);
  }
  void acquire() {
    while (sem_wait(&sem_) != 0 && errno == EINTR) {
    }
  }

 private:
  sem_t sem_{};
  bool ok_ = false;
};

class kernel_mutex {
 public:
  kernel_mutex() { pthread_mutex_init(&mutex_, nullptr); }
  ~kernel_mutex() { pthread_mutex_destroy(&mutex_); }
  kernel_mutex(const kernel_mutex &) = delete;
  kernel_mutex &operator=(const kernel_mutex &) = delete;

  void lock() { pthread_mutex_lock(&mutex_); }
  void unlock() { pthread_mutex_unlock(&mutex_); }

 private:
  pthread_mutex_t mutex_;
};

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_KERNEL_SYNC_H
