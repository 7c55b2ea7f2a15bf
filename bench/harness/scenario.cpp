#include "scenario.h"

namespace bench {

const char *kind_name(scenario_kind kind) {
  switch (kind) {
    case scenario_kind::throughput:
      return "throughput";
    case scenario_kind::many_producers:
      return "many_producers";
    case scenario_kind::serial_threads:
      return "serial_threads";
    case scenario_kind::lifecycle:
      return "lifecycle";
    case scenario_kind::inline_rate:
      return "inline";
  }
  return "throughput";
}

bool run_repetition(const scenario &s, injected_fault fault, measurement *result,
                    std::string *failure) {
  try {
    switch (s.kind) {
      case scenario_kind::throughput:
      case scenario_kind::many_producers:
        return run_throughput(s, fault, result, failure);
      case scenario_kind::serial_threads:
        return run_serial_threads(s, fault, result, failure);
      case scenario_kind::lifecycle:
        return run_lifecycle(s, result, failure);
      case scenario_kind::inline_rate:
        return run_inline(s, fault, result, failure);
    }
    *failure = "unknown scenario kind";
  } catch (const std::exception &error) {
    *failure = std::string("exception: ") + error.what();
  }
  return false;
}

}  // namespace bench
