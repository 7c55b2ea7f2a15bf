// What happens when an exception escapes a raw C job callback, target by
// target, exactly as tpool.h ("Exceptions escaping a callback") and
// docs/reliability.md promise:
//  - C++ exceptions where they can unwind through tpool.dll's frames (x64
//    Windows with SEH unwinding; Linux with the shared libgcc): caught, the
//    job ends FAILED, a WARN line is logged, the worker keeps running;
//  - C++ exceptions from MinGW x86 code (DWARF-2 unwinding, per-module
//    tables): the thrower's runtime calls std::terminate;
//  - structured exceptions on Windows: not caught; they reach the process's
//    unhandled-exception filter.
// The MSVC side of the last row (a clang-cl client raising one) is in
// tests/abi/msvc. C++ code should use tpool.hpp, which catches in its own
// module on every target (CppWrapper.*).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "test_support.h"

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#endif

namespace {
using namespace tpool_test;

#if defined(_WIN32) && defined(__i386__) && defined(__GNUC__)
#define TPOOL_TEST_CXX_EXCEPTIONS_CROSS_THE_DLL 0
#else
#define TPOOL_TEST_CXX_EXCEPTIONS_CROSS_THE_DLL 1
#endif

void TPOOL_CALL throw_int(void *, tpool_job_info *) {
  throw 42;
}

#if TPOOL_TEST_CXX_EXCEPTIONS_CROSS_THE_DLL

TEST(ExceptionGuarantee, ACxxExceptionFromARawCallbackMakesTheJobFailedAndTheWorkerSurvives) {
  pool_fixture pool(small_config(1));
  tpool_job *job = nullptr;
  ASSERT_EQ(tpool_submit(pool.get(), &throw_int, nullptr, TPOOL_PRIORITY_HIGH, &job), TPOOL_OK);
  tpool_job_state state = TPOOL_JOB_QUEUED;
  ASSERT_EQ(tpool_job_wait(job, kPatienceMs, &state), TPOOL_OK);
  EXPECT_EQ(state, TPOOL_JOB_FAILED);
  tpool_job_release(job);
  outcome_probe probe;
  ASSERT_EQ(tpool_submit(pool.get(), &outcome_probe::run, &probe, TPOOL_PRIORITY_HIGH, nullptr),
            TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe.runs.load(), 1);
}

TEST(ExceptionGuarantee, ACxxExceptionFromARawCallbackIsLoggedAtWarn) {
  log_sink sink;
  tpool_config config = small_config(1);
  config.log_fn = &log_sink::receive;
  config.log_user = &sink;
  pool_fixture pool(config);
  ASSERT_EQ(tpool_submit(pool.get(), &throw_int, nullptr, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_TRUE(sink.contains(TPOOL_LOG_WARN, "threw"));
}

#else  // MinGW x86

TEST(ExceptionGuaranteeDeathTest, ACxxExceptionFromARawCallbackTerminatesTheProcessOnX86MinGW) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        tpool_pool *pool = nullptr;
        const tpool_config config = small_config(1);
        tpool_create(&config, &pool);
        tpool_job *job = nullptr;
        tpool_submit(pool, &throw_int, nullptr, TPOOL_PRIORITY_HIGH, &job);
        tpool_job_wait(job, kPatienceMs, nullptr);
        std::fprintf(stderr, "survived\n");
        std::_Exit(0);
      },
      "terminate called after throwing");
}

#endif

#if defined(_WIN32)
constexpr DWORD kRaisedCode = 0xE0000001u;  // a user-defined structured exception
constexpr int kFilterExitCode = 77;

LONG WINAPI exit_from_filter(EXCEPTION_POINTERS *info) {
  const bool ours = info->ExceptionRecord->ExceptionCode == kRaisedCode;
  std::fprintf(stderr, "unhandled-exception filter: code 0x%08lx\n",
               static_cast<unsigned long>(info->ExceptionRecord->ExceptionCode));
  std::fflush(stderr);
  ExitProcess(ours ? kFilterExitCode : 1);
}

void TPOOL_CALL raise_structured_exception(void *, tpool_job_info *) {
  RaiseException(kRaisedCode, 0, 0, nullptr);
}

TEST(ExceptionGuaranteeDeathTest, AStructuredExceptionReachesTheUnhandledExceptionFilter) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        SetUnhandledExceptionFilter(&exit_from_filter);
        tpool_pool *pool = nullptr;
        const tpool_config config = small_config(1);
        tpool_create(&config, &pool);
        tpool_job *job = nullptr;
        tpool_submit(pool, &raise_structured_exception, nullptr, TPOOL_PRIORITY_HIGH, &job);
        tpool_job_wait(job, kPatienceMs, nullptr);
        std::fprintf(stderr, "survived\n");
        std::_Exit(0);
      },
      ::testing::ExitedWithCode(kFilterExitCode), "unhandled-exception filter: code 0xe0000001");
}
#endif

}  // namespace
