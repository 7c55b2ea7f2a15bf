// Which sanitizer this translation unit is compiled with, detected the same
// way for GCC (__SANITIZE_*__) and Clang (__has_feature): the one place the
// library and its tests ask.
//   TPOOL_SANITIZER_THREAD   1 under ThreadSanitizer, else 0
//   TPOOL_SANITIZER_ADDRESS  1 under AddressSanitizer, else 0
#ifndef TPOOL_SRC_SYNC_SANITIZERS_H
#define TPOOL_SRC_SYNC_SANITIZERS_H

#if defined(__SANITIZE_THREAD__)
#define TPOOL_SANITIZER_THREAD 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TPOOL_SANITIZER_THREAD 1
#endif
#endif
#ifndef TPOOL_SANITIZER_THREAD
#define TPOOL_SANITIZER_THREAD 0
#endif

#if defined(__SANITIZE_ADDRESS__)
#define TPOOL_SANITIZER_ADDRESS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TPOOL_SANITIZER_ADDRESS 1
#endif
#endif
#ifndef TPOOL_SANITIZER_ADDRESS
#define TPOOL_SANITIZER_ADDRESS 0
#endif

#endif  // TPOOL_SRC_SYNC_SANITIZERS_H
