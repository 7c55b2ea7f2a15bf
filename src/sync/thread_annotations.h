// Clang thread-safety annotations (-Wthread-safety). No-ops elsewhere.
#ifndef TPOOL_SRC_SYNC_THREAD_ANNOTATIONS_H
#define TPOOL_SRC_SYNC_THREAD_ANNOTATIONS_H

#if defined(__clang__)
#define TPOOL_TSA(x) __attribute__((x))
#else
#define TPOOL_TSA(x)
#endif

#define CAPABILITY(name) TPOOL_TSA(capability(name))
#define SCOPED_CAPABILITY TPOOL_TSA(scoped_lockable)
#define GUARDED_BY(lock) TPOOL_TSA(guarded_by(lock))
#define PT_GUARDED_BY(lock) TPOOL_TSA(pt_guarded_by(lock))
#define REQUIRES(...) TPOOL_TSA(requires_capability(__VA_ARGS__))
#define EXCLUDES(...) TPOOL_TSA(locks_excluded(__VA_ARGS__))
#define ACQUIRE(...) TPOOL_TSA(acquire_capability(__VA_ARGS__))
#define RELEASE(...) TPOOL_TSA(release_capability(__VA_ARGS__))
#define TRY_ACQUIRE(...) TPOOL_TSA(try_acquire_capability(__VA_ARGS__))
#define NO_THREAD_SAFETY_ANALYSIS TPOOL_TSA(no_thread_safety_analysis)

#endif  // TPOOL_SRC_SYNC_THREAD_ANNOTATIONS_H
