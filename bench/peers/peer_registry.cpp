// make_peer and available_peers: which pools this binary was built with.
#include "baseline_pool.h"
#include "naive_pool.h"
#include "peer_pool.h"
#include "thread_per_task_pool.h"
#include "tpool_peer.h"
#if defined(_WIN32)
#include "win32_tp_pool.h"
#endif
#if defined(TPOOL_HAVE_TBB)
#include "tbb_pool.h"
#endif
#if defined(TPOOL_HAVE_ASIO)
#include "asio_pool.h"
#endif
#if defined(TPOOL_HAVE_MOODYCAMEL)
#include "moodycamel_pool.h"
#endif

namespace bench {

std::vector<std::string> available_peers() {
  std::vector<std::string> names{"tpool", "baseline", "naive"};
#if defined(TPOOL_HAVE_ASIO)
  names.emplace_back("asio");
#endif
#if defined(TPOOL_HAVE_MOODYCAMEL)
  names.emplace_back("moodycamel");
#endif
#if defined(_WIN32)
  names.emplace_back("win32_tp");
#endif
#if defined(TPOOL_HAVE_TBB)
  names.emplace_back("tbb");
#endif
  names.emplace_back("thread_per_task");
  return names;
}

std::unique_ptr<peer_pool> make_peer(const std::string &name, const pool_settings &settings,
                                     std::string *error) {
  try {
    if (name == "tpool") return make_tpool_peer(settings, error);
    if (name == "baseline") return make_baseline_pool(settings, error);
    if (name == "naive") return make_naive_pool(settings, error);
    if (name == "thread_per_task") return make_thread_per_task_pool(settings, error);
#if defined(TPOOL_HAVE_ASIO)
    if (name == "asio") return make_asio_pool(settings, error);
#endif
#if defined(TPOOL_HAVE_MOODYCAMEL)
    if (name == "moodycamel") return make_moodycamel_pool(settings, error);
#endif
#if defined(_WIN32)
    if (name == "win32_tp") return make_win32_tp_pool(settings, error);
#endif
#if defined(TPOOL_HAVE_TBB)
    if (name == "tbb") return make_tbb_pool(settings, error);
#endif
    *error = "pool '" + name + "' is not built into this binary";
  } catch (const std::exception &failure) {
    *error = name + ": " + failure.what();
  }
  return nullptr;
}

}  // namespace bench
