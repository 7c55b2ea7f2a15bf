// libFuzzer target for prioq.dll: decodes the input into a sequence of API
// calls (push, push_batch, pops, size, close, misuse, and, in
// fault-injection builds, allocation failures) and checks every result
// against a model: per priority, one FIFO per producer. The calls run one at
// a time, but pushes come from the fuzzing thread or from one of three
// helper threads (each call waited for), so the queue sees four producers.
//
// Invariants checked after every call:
//  - each status is exactly the one the contract prescribes;
//  - a pop returns the front of some producer's FIFO at the priority the
//    contract selects (strict priority; with aging on, at its own priority):
//    each producer's items come out in push order, and nothing else is
//    promised among producers;
//  - sizes per level and in total equal the model;
// and at the end: draining returns every accepted item exactly once.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "fuzz_input.h"
#include "prioq/prioq.h"
// TPOOL_FUZZ_FAULTS: the DLL carries its test-only fault exports (CMake).
#if defined(TPOOL_FUZZ_FAULTS)
#include "prioq_testing.h"
#endif

namespace {

// Producer 0 is the fuzzing thread, 1..kHelpers the helper threads.
constexpr int kHelpers = 3;
constexpr int kProducers = 1 + kHelpers;

// A thread that runs one call at a time for the fuzzing thread, which waits
// for it: a second producer without a second thread of control. Lives for
// the whole process (its prioq thread slot with it).
class helper_thread {
 public:
  helper_thread() : thread_([this] { serve(); }) {}
  ~helper_thread() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      quit_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
  void run(const std::function<void()> &call) {
    std::unique_lock<std::mutex> lock(mutex_);
    call_ = &call;
    changed_.notify_all();
    changed_.wait(lock, [this] { return call_ == nullptr; });
  }

 private:
  void serve() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      changed_.wait(lock, [this] { return quit_ || call_ != nullptr; });
      if (call_ == nullptr) return;
      (*call_)();
      call_ = nullptr;
      changed_.notify_all();
    }
  }
  std::mutex mutex_;
  std::condition_variable changed_;
  const std::function<void()> *call_ = nullptr;
  bool quit_ = false;
  std::thread thread_;
};

// Runs call on producer's thread.
void on_producer(int producer, const std::function<void()> &call) {
  static helper_thread helpers[kHelpers];
  if (producer == 0) {
    call();
  } else {
    helpers[producer - 1].run(call);
  }
}

struct model {
  std::deque<uintptr_t> levels[PRIOQ_PRIORITY_COUNT][kProducers];
  size_t capacity = 0;  // 0: unbounded
  bool aging = false;
  bool closed = false;
  size_t level_size(int32_t priority) const {
    size_t size = 0;
    for (const auto &fifo : levels[priority]) size += fifo.size();
    return size;
  }
  size_t total() const { return level_size(0) + level_size(1) + level_size(2); }
  bool full_for(size_t extra) const { return capacity != 0 && capacity - total() < extra; }
};

void *item_of(uintptr_t id) {
  return reinterpret_cast<void *>(id);
}
uintptr_t id_of(void *item) {
  return reinterpret_cast<uintptr_t>(item);
}

int32_t decode_priority(fuzz::input &in) {
  switch (in.below(8)) {
    case 5:
      return -1;
    case 6:
      return 3;
    case 7:
      return static_cast<int32_t>(0x80000000u);
    default:
      return static_cast<int32_t>(in.below(3));
  }
}
bool valid_priority(int32_t priority) {
  return priority >= 0 && priority < PRIOQ_PRIORITY_COUNT;
}

// Removes the popped item from the model, checking that the queue was allowed
// to return it.
void expect_popped(model &m, uintptr_t id, int32_t priority) {
  FUZZ_CHECK(valid_priority(priority));
  std::deque<uintptr_t> *fifo = nullptr;
  for (auto &candidate : m.levels[priority]) {
    if (!candidate.empty() && candidate.front() == id) fifo = &candidate;
  }
  FUZZ_CHECK(fifo != nullptr);  // FIFO per producer within a priority, nothing invented
  if (!m.aging) {
    for (int32_t higher = 0; higher < priority; ++higher) FUZZ_CHECK(m.level_size(higher) == 0);
  }
  fifo->pop_front();
}

prioq_status empty_pop_status(const model &m) {
  return m.closed ? PRIOQ_E_CLOSED : PRIOQ_E_TIMEOUT;
}

class session {
 public:
  explicit session(fuzz::input &in) : in_(in) {}

  void run() {
    prioq_config config;
    FUZZ_CHECK(prioq_config_init(&config) == PRIOQ_OK);
    const uint32_t shape = in_.byte();
    if (shape & 1u) model_.capacity = 1 + in_.below(200);
    if (shape & 2u) {
      model_.aging = true;
      config.aging_threshold_ms = 1 + in_.below(3);
    }
    config.capacity = model_.capacity;
    if (shape & 4u) {
      // A larger struct_size (a newer header's struct, in a buffer that
      // large) is accepted only when it is a multiple of the alignment and
      // every byte past ours is zero; anything else is rejected up front.
      const uint32_t size = config.struct_size + 1 + in_.below(16);
      std::vector<unsigned char> newer(size, 0);
      std::memcpy(newer.data(), &config, sizeof(config));
      std::memcpy(newer.data(), &size, sizeof(size));
      bool zero_tail = true;
      for (uint32_t i = sizeof(config); i < size; ++i) {
        newer[i] = in_.below(4) == 0 ? static_cast<unsigned char>(in_.byte()) : 0;
        zero_tail = zero_tail && newer[i] == 0;
      }
      const bool acceptable = zero_tail && size % alignof(prioq_config) == 0;
      prioq_queue *other = nullptr;
      const prioq_status status =
          prioq_create(reinterpret_cast<const prioq_config *>(newer.data()), &other);
      FUZZ_CHECK(status == (acceptable ? PRIOQ_OK : PRIOQ_E_BAD_STRUCT_SIZE));
      FUZZ_CHECK((other != nullptr) == acceptable);
      if (other != nullptr) FUZZ_CHECK(prioq_destroy(other) == PRIOQ_OK);
    }
    FUZZ_CHECK(prioq_create(&config, &queue_) == PRIOQ_OK);
    while (!in_.done()) step();
    drain_and_check();
#if defined(TPOOL_FUZZ_FAULTS)
    prioq_testing_fault_reset();
#endif
    FUZZ_CHECK(prioq_destroy(queue_) == PRIOQ_OK);
  }

 private:
  void step() {
    switch (in_.below(14)) {
      case 0:
      case 1:
      case 2:
        push(0);
        break;
      case 3:
        push_batch(0);
        break;
      case 4:
        try_pop();
        break;
      case 5:
        pop_zero_timeout();
        break;
      case 6:
        pop_batch();
        break;
      case 7:
        check_sizes();
        break;
      case 8:
        if (in_.below(8) == 0) close();
        break;
      case 9:
        misuse();
        break;
      case 10:
        arm_allocation_fault();
        break;
      case 11:
        push(1 + static_cast<int>(in_.below(kHelpers)));
        break;
      case 12:
        push_batch(1 + static_cast<int>(in_.below(kHelpers)));
        break;
      default:
        check_closed_flag();
        break;
    }
    check_sizes();
  }

  // An OUT_OF_MEMORY is allowed only while a fault is armed and consumes it.
  bool take_injected_fault(prioq_status status) {
    if (status != PRIOQ_E_OUT_OF_MEMORY) return false;
    FUZZ_CHECK(fault_armed_);
#if defined(TPOOL_FUZZ_FAULTS)
    FUZZ_CHECK(prioq_testing_fault_injected(PRIOQ_TESTING_FAULT_ALLOCATION) == faults_seen_ + 1);
#endif
    ++faults_seen_;
    fault_armed_ = false;
    return true;
  }

  void push(int producer) {
    const int32_t priority = decode_priority(in_);
    const uintptr_t id = next_id_++;
    prioq_status status = PRIOQ_E_INTERNAL;
    on_producer(producer, [&] { status = prioq_push(queue_, item_of(id), priority); });
    if (!valid_priority(priority)) {
      FUZZ_CHECK(status == PRIOQ_E_BAD_PRIORITY);
    } else if (model_.closed) {
      FUZZ_CHECK(status == PRIOQ_E_CLOSED);
    } else if (model_.full_for(1)) {
      FUZZ_CHECK(status == PRIOQ_E_FULL);
    } else if (!take_injected_fault(status)) {
      FUZZ_CHECK(status == PRIOQ_OK);
      model_.levels[priority][producer].push_back(id);
    }
  }

  void push_batch(int producer) {
    const size_t count = in_.below(3) == 0 ? in_.u16() % 300 : in_.below(24);
    std::vector<prioq_item> batch(count);
    bool all_valid = true;
    for (prioq_item &item : batch) {
      item.value = item_of(next_id_++);
      item.priority =
          in_.below(16) == 0 ? decode_priority(in_) : static_cast<int32_t>(in_.below(3));
      all_valid = all_valid && valid_priority(item.priority);
    }
    prioq_status status = PRIOQ_E_INTERNAL;
    on_producer(producer, [&] { status = prioq_push_batch(queue_, batch.data(), count); });
    if (count == 0) {
      FUZZ_CHECK(status == PRIOQ_OK);
    } else if (!all_valid) {
      FUZZ_CHECK(status == PRIOQ_E_BAD_PRIORITY);
    } else if (model_.closed) {
      FUZZ_CHECK(status == PRIOQ_E_CLOSED);
    } else if (model_.full_for(count)) {
      FUZZ_CHECK(status == PRIOQ_E_FULL);
    } else if (!take_injected_fault(status)) {
      FUZZ_CHECK(status == PRIOQ_OK);
      for (const prioq_item &item : batch)
        model_.levels[item.priority][producer].push_back(id_of(item.value));
    }
  }

  void try_pop() {
    void *item = item_of(0xdead);
    int32_t priority = -7;
    const prioq_status status =
        prioq_try_pop(queue_, &item, in_.below(2) == 0 ? nullptr : &priority);
    if (model_.total() == 0) {
      FUZZ_CHECK(status == (model_.closed ? PRIOQ_E_CLOSED : PRIOQ_E_EMPTY));
      FUZZ_CHECK(id_of(item) == 0xdead);  // untouched on failure
      return;
    }
    FUZZ_CHECK(status == PRIOQ_OK);
    if (priority == -7) priority = level_holding_front(id_of(item));
    expect_popped(model_, id_of(item), priority);
  }

  void pop_zero_timeout() {
    void *item = nullptr;
    int32_t priority = -1;
    const prioq_status status = prioq_pop(queue_, 0, &item, &priority);
    if (model_.total() == 0) {
      FUZZ_CHECK(status == empty_pop_status(model_));
      return;
    }
    FUZZ_CHECK(status == PRIOQ_OK);
    expect_popped(model_, id_of(item), priority);
  }

  void pop_batch() {
    const size_t max_count = in_.below(10);
    std::vector<prioq_item> out(max_count + 1);
    size_t count = 12345;
    const prioq_status status = prioq_pop_batch(queue_, out.data(), max_count, 0, &count);
    if (max_count == 0) {
      FUZZ_CHECK(status == PRIOQ_E_INVALID_ARGUMENT);
      return;
    }
    if (model_.total() == 0) {
      FUZZ_CHECK(status == empty_pop_status(model_));
      return;
    }
    FUZZ_CHECK(status == PRIOQ_OK);
    const size_t expected = model_.total() < max_count ? model_.total() : max_count;
    FUZZ_CHECK(count == expected);
    for (size_t i = 0; i < count; ++i) expect_popped(model_, id_of(out[i].value), out[i].priority);
  }

  // Without a reported priority, the item must be the front of some
  // producer's FIFO at some level.
  int32_t level_holding_front(uintptr_t id) const {
    for (int32_t p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
      for (const auto &fifo : model_.levels[p]) {
        if (!fifo.empty() && fifo.front() == id) return p;
      }
    }
    fuzz::fail(__FILE__, __LINE__, "popped item is not at the front of any level");
  }

  void check_sizes() {
    size_t size = 0;
    FUZZ_CHECK(prioq_size(queue_, PRIOQ_PRIORITY_ALL, &size) == PRIOQ_OK);
    FUZZ_CHECK(size == model_.total());
    for (int32_t p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
      FUZZ_CHECK(prioq_size(queue_, p, &size) == PRIOQ_OK);
      FUZZ_CHECK(size == model_.level_size(p));
    }
  }

  void check_closed_flag() {
    int32_t closed = -1;
    FUZZ_CHECK(prioq_is_closed(queue_, &closed) == PRIOQ_OK);
    FUZZ_CHECK(closed == (model_.closed ? 1 : 0));
  }

  void close() {
    FUZZ_CHECK(prioq_close(queue_) == PRIOQ_OK);  // idempotent
    model_.closed = true;
  }

  // Null and out-of-range arguments: rejected with their status, no effect.
  void misuse() {
    void *item = nullptr;
    size_t count = 0;
    prioq_item slot;
    switch (in_.below(8)) {
      case 0:
        FUZZ_CHECK(prioq_push(nullptr, item_of(1), 0) == PRIOQ_E_NULL_POINTER);
        break;
      case 1:
        FUZZ_CHECK(prioq_try_pop(queue_, nullptr, nullptr) == PRIOQ_E_NULL_POINTER);
        break;
      case 2:
        FUZZ_CHECK(prioq_pop(nullptr, 0, &item, nullptr) == PRIOQ_E_NULL_POINTER);
        break;
      case 3:
        FUZZ_CHECK(prioq_push_batch(queue_, nullptr, 1 + in_.below(4)) == PRIOQ_E_NULL_POINTER);
        break;
      case 4:
        FUZZ_CHECK(prioq_pop_batch(queue_, &slot, 1, 0, nullptr) == PRIOQ_E_NULL_POINTER);
        break;
      case 5: {
        const int32_t out_of_range[] = {3, -2, 1000, static_cast<int32_t>(0x80000000u)};
        FUZZ_CHECK(prioq_size(queue_, out_of_range[in_.below(4)], &count) == PRIOQ_E_BAD_PRIORITY);
        break;
      }
      case 6:
        FUZZ_CHECK(prioq_size(queue_, 0, nullptr) == PRIOQ_E_NULL_POINTER);
        break;
      default:
        FUZZ_CHECK(prioq_is_closed(queue_, nullptr) == PRIOQ_E_NULL_POINTER);
        break;
    }
  }

  void arm_allocation_fault() {
#if defined(TPOOL_FUZZ_FAULTS)
    if (fault_armed_) return;
    FUZZ_CHECK(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1) == PRIOQ_OK);
    fault_armed_ = true;
#endif
  }

  void drain_and_check() {
    std::vector<prioq_item> out(64);
    for (;;) {
      size_t count = 0;
      const prioq_status status = prioq_pop_batch(queue_, out.data(), out.size(), 0, &count);
      if (status != PRIOQ_OK) {
        FUZZ_CHECK(status == empty_pop_status(model_));
        break;
      }
      for (size_t i = 0; i < count; ++i)
        expect_popped(model_, id_of(out[i].value), out[i].priority);
    }
    FUZZ_CHECK(model_.total() == 0);  // every accepted item came back exactly once
  }

  fuzz::input &in_;
  model model_;
  prioq_queue *queue_ = nullptr;
  uintptr_t next_id_ = 1;
  bool fault_armed_ = false;
  uint64_t faults_seen_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
#if defined(TPOOL_FUZZ_FAULTS)
  prioq_testing_fault_reset();
#endif
  fuzz::input in(data, size);
  session(in).run();
  return 0;
}
