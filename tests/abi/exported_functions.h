/*
 * The one list of every function the public headers declare, per DLL.
 * X(name) for each; used by the dynamic-load test (resolve each by name) and
 * read by check_exports.cmake, which also checks that this list, the header
 * declarations and the DLL/.so export table are the same set.
 * Keep one name per line, in the form "  X(name)".
 */
#ifndef TPOOL_TESTS_ABI_EXPORTED_FUNCTIONS_H
#define TPOOL_TESTS_ABI_EXPORTED_FUNCTIONS_H

#define PRIOQ_EXPORTED_FUNCTIONS(X) \
  X(prioq_version)                  \
  X(prioq_status_string)            \
  X(prioq_config_init_sized)        \
  X(prioq_config_init)              \
  X(prioq_create)                   \
  X(prioq_destroy)                  \
  X(prioq_push)                     \
  X(prioq_push_batch)               \
  X(prioq_try_pop)                  \
  X(prioq_pop)                      \
  X(prioq_pop_batch)                \
  X(prioq_push_item)                \
  X(prioq_push_items)               \
  X(prioq_try_pop_item)             \
  X(prioq_pop_item)                 \
  X(prioq_pop_items)                \
  X(prioq_item_size)                \
  X(prioq_close)                    \
  X(prioq_is_closed)                \
  X(prioq_size)

#define TPOOL_EXPORTED_FUNCTIONS(X)    \
  X(tpool_version)                     \
  X(tpool_status_string)               \
  X(tpool_job_state_string)            \
  X(tpool_config_init_sized)           \
  X(tpool_config_init)                 \
  X(tpool_job_desc_init_sized)         \
  X(tpool_job_desc_init)               \
  X(tpool_create)                      \
  X(tpool_shutdown)                    \
  X(tpool_destroy)                     \
  X(tpool_wait_idle)                   \
  X(tpool_submit)                      \
  X(tpool_submit_ex)                   \
  X(tpool_submit_batch)                \
  X(tpool_cancel_all)                  \
  X(tpool_job_get_state)               \
  X(tpool_job_wait)                    \
  X(tpool_job_cancel)                  \
  X(tpool_job_get_id)                  \
  X(tpool_job_release)                 \
  X(tpool_job_info_cancel_requested)   \
  X(tpool_job_info_set_failed)         \
  X(tpool_job_info_get)                \
  X(tpool_group_create)                \
  X(tpool_group_submit)                \
  X(tpool_group_wait)                  \
  X(tpool_group_cancel)                \
  X(tpool_group_get_counts)            \
  X(tpool_group_release)               \
  X(tpool_parallel_for)                \
  X(tpool_get_stats)                   \
  X(tpool_get_worker_stats)            \
  X(tpool_set_log_level)               \
  X(tpool_timer_desc_init_sized)       \
  X(tpool_timer_start)                 \
  X(tpool_timer_set)                   \
  X(tpool_timer_cancel)                \
  X(tpool_timer_get_state)             \
  X(tpool_timer_release)               \
  X(tpool_object_wait_desc_init_sized) \
  X(tpool_object_wait_start)           \
  X(tpool_object_wait_cancel)          \
  X(tpool_object_wait_release)         \
  X(tpool_job_status)                  \
  X(tpool_job_id)

#endif /* TPOOL_TESTS_ABI_EXPORTED_FUNCTIONS_H */
