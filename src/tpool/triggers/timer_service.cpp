// The timer thread and the schedule of every timer of a pool
// (timer_service.h).
#include "timer_service.h"

#include <string>

#include "deadline.h"
#include "job_info.h"
#include "job_invoke.h"
#include "pool.h"

namespace tpool_impl {
namespace {
constexpr uint64_t kNsPerMs = 1000000;
}  // namespace

timer_service::~timer_service() {
  // pool::shutdown stops the service; this only covers a pool that never
  // ran one (nothing to do then).
  stop(tpsync::kNoDeadline);
}

tpool_status timer_service::start(const tpool_timer_desc &desc, bool with_handle,
                                  timer_entry **out) {
  if (!accepting()) return TPOOL_E_SHUT_DOWN;
  timer_entry *t = allocate<timer_entry>();
  if (t == nullptr) return TPOOL_E_OUT_OF_MEMORY;
  t->fn = desc.fn;
  t->mode = desc.mode;
  t->period_ns = uint64_t{desc.period_ms} * kNsPerMs;
  t->scheduled_ns = uint64_t{desc.delay_ms} * kNsPerMs;  // made absolute by arm_new
  const tpool_status status = trigger_service::start(t, common_of(desc), with_handle);
  if (status == TPOOL_OK && with_handle) *out = t;
  return status;
}

tpool_status timer_service::place_new(trigger *) {
  if (!heap_.reserve(registered() + 1)) return TPOOL_E_OUT_OF_MEMORY;
  if (!thread_started_ && !start_thread()) return TPOOL_E_THREAD_START;
  return TPOOL_OK;
}

void timer_service::arm_new(trigger *base) {
  timer_entry *t = static_cast<timer_entry *>(base);
  t->scheduled_ns += platform::monotonic_ns();
  schedule(t, t->scheduled_ns);
}

tpool_status timer_service::set(timer_entry *t, uint32_t delay_ms, uint32_t period_ms) {
  tpsync::lock_guard guard(lock_);
  const uint8_t phase = t->phase.load(std::memory_order_relaxed);
  if (phase == trigger_phase::kCancelled) return TPOOL_E_CANCELLED;
  if (phase != trigger_phase::kLive || stopping_) return TPOOL_E_SHUT_DOWN;
  t->period_ns = uint64_t{period_ms} * kNsPerMs;
  t->pending_fire = false;
  t->scheduled_ns = platform::monotonic_ns() + uint64_t{delay_ms} * kNsPerMs;
  schedule(t, t->scheduled_ns);
  return TPOOL_OK;
}

tpool_timer_state timer_service::state_of(timer_entry *t) {
  const auto state_of_final = [](uint8_t phase) {
    switch (phase) {
      case trigger_phase::kCancelled:
        return TPOOL_TIMER_CANCELLED;
      case trigger_phase::kShutDown:
        return TPOOL_TIMER_SHUT_DOWN;
      default:
        return TPOOL_TIMER_IDLE;  // kFinished: a ONCE timer that fired
    }
  };
  if (t->detached.load(std::memory_order_acquire)) {
    return state_of_final(t->phase.load(std::memory_order_acquire));
  }
  timer_service &service = static_cast<timer_service &>(*t->service);
  tpsync::lock_guard guard(service.lock_);
  const uint8_t phase = t->phase.load(std::memory_order_relaxed);
  if (phase != trigger_phase::kLive) return state_of_final(phase);
  const bool idle = t->mode == TPOOL_TIMER_ONCE && !t->in_heap() && !t->pending_fire;
  return idle ? TPOOL_TIMER_IDLE : TPOOL_TIMER_ARMED;
}

bool timer_service::start_thread() {
  const std::string name = owner_.thread_name_prefix() + "-timer";
  platform::thread_options options = owner_.worker_thread_options();
  options.name = name.c_str();
  if (!platform::thread_start(&thread_, &timer_service::thread_entry, this, options)) {
    owner_.log().log(TPOOL_LOG_WARN, "tpool_timer_start: the OS refused to start the timer thread");
    return false;
  }
  thread_started_ = true;
  owner_.log().log(TPOOL_LOG_DEBUG, "timer thread started");
  return true;
}

void timer_service::thread_entry(void *self) {
  static_cast<timer_service *>(self)->thread_main();
}

void timer_service::thread_main() {
  lock_.lock();
  for (;;) {
    if (stopping_) break;
    fire_due(platform::monotonic_ns());
    const timer_heap_node *next = heap_.top();
    const uint64_t until = next == nullptr ? tpsync::kNoDeadline : next->due_ns;
    sleeping_until_ = until;
    // Read under the lock: a schedule after the unlock bumps it (header).
    const uint32_t key = wake_word_.load(std::memory_order_acquire);
    lock_.unlock();
    // Rounded up: a wake-up before the due time only loops.
    const uint32_t wait_ms = tpsync::remaining_ms(until);
    if (wait_ms != 0) platform::wait_on_address(wake_word_, key, wait_ms);
    lock_.lock();
    sleeping_until_ = 0;
  }
  lock_.unlock();
}

void timer_service::wake_thread() {
  wake_word_.fetch_add(1, std::memory_order_release);
  platform::wake_all(wake_word_);
}

void timer_service::schedule(timer_entry *t, uint64_t due_ns) {
  t->due_ns = due_ns;
  t->sequence = next_sequence_++;
  if (t->in_heap()) {
    heap_.update(t);
  } else {
    heap_.push(t);
  }
  if (due_ns < sleeping_until_) {
    // Once woken the thread reads the heap again, so one wake is enough.
    sleeping_until_ = 0;
    wake_thread();
  }
}

void timer_service::fire_due(uint64_t now) {
  while (!heap_.empty() && heap_.top()->due_ns <= now) {
    fire(static_cast<timer_entry *>(heap_.pop()), now);
  }
}

void timer_service::fire(timer_entry *t, uint64_t now) {
  if (t->instance != nullptr) {
    if (t->mode == TPOOL_TIMER_ONCE) {
      // Re-armed while its last instance is in flight: fires when it ends.
      t->pending_fire = true;
      return;
    }
    t->skipped.fetch_add(1, std::memory_order_relaxed);
  } else {
    // Counted first: the instance may end (and its on_complete run) before
    // submit returns, and fired must never be below the instances that ended.
    t->fired.fetch_add(1, std::memory_order_relaxed);
    const tpool_status status = submit_instance(t, &timer_service::instance_run);
    if (status != TPOOL_OK) t->fired.fetch_sub(1, std::memory_order_relaxed);
    if (status == TPOOL_E_SHUT_DOWN) return;  // the pool closed; stop() retires it
    if (status != TPOOL_OK) {
      log_retry(t, status);
      schedule(t, now + kRetryNs);  // scheduled_ns stays on the grid
      return;
    }
  }
  switch (t->mode) {
    case TPOOL_TIMER_ONCE:
      // Without a handle nobody can re-arm it: it is done once this
      // instance ends.
      if (!t->has_handle) t->phase.store(trigger_phase::kFinished, std::memory_order_release);
      break;
    case TPOOL_TIMER_FIXED_RATE: {
      uint64_t next = t->scheduled_ns + t->period_ns;
      if (next <= now) {
        // Due times already past: skipped, so instances never pile up.
        const uint64_t missed = (now - next) / t->period_ns + 1;
        t->skipped.fetch_add(missed, std::memory_order_relaxed);
        next += missed * t->period_ns;
      }
      t->scheduled_ns = next;
      schedule(t, next);
      break;
    }
    default:
      // FIXED_DELAY: armed again when the instance ends (instance_ended).
      break;
  }
}

void timer_service::unlink_pending(trigger *base) {
  timer_entry *t = static_cast<timer_entry *>(base);
  if (t->in_heap()) heap_.remove(t);
  t->pending_fire = false;
}

void timer_service::instance_ended(trigger *base) {
  timer_entry *t = static_cast<timer_entry *>(base);
  if (t->phase.load(std::memory_order_relaxed) != trigger_phase::kLive || t->in_heap()) return;
  const uint64_t now = platform::monotonic_ns();
  if (t->mode == TPOOL_TIMER_FIXED_DELAY) {
    t->scheduled_ns = now + t->period_ns;
    schedule(t, t->scheduled_ns);
  } else if (t->mode == TPOOL_TIMER_ONCE && t->pending_fire) {
    t->pending_fire = false;
    schedule(t, now);
  }
}

void timer_service::stop_threads() {
  bool started = false;
  {
    tpsync::lock_guard guard(lock_);
    started = thread_started_;
  }
  if (!started) return;
  wake_thread();
  platform::thread_join(&thread_);
}

void TPOOL_CALL timer_service::instance_run(void *context, tpool_job_info *info) {
  timer_entry *t = static_cast<timer_entry *>(context);
  if (invoke_job(t->fn, t->context, info) == invoke_result::threw) t->service->fn_threw(t, info);
}

}  // namespace tpool_impl
