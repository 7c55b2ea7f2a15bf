#include "observation.h"

namespace bench {

observation make_observation(const scenario &s, uint32_t repetition, const measurement &m,
                             uint64_t frequency) {
  observation row;
  row.suite = s.suite;
  row.scenario = s.id;
  row.kind = kind_name(s.kind);
  row.pool = s.pool;
  row.workers = s.workers;
  row.producers = s.producers;
  row.iterations = s.iterations;
  row.mix = mix_name(s.mix);
  row.repetition = repetition;
  row.tasks = m.tasks;
  row.high = m.totals.counts.high;
  row.medium = m.totals.counts.medium;
  row.low = m.totals.counts.low;
  row.ticks = m.ticks;
  row.frequency = frequency;
  row.ms = static_cast<double>(m.ticks) * 1000.0 / static_cast<double>(frequency);
  // Lifecycle rows have no tasks; a zero-length interval cannot yield a rate.
  row.tasks_per_s =
      (m.tasks == 0 || m.ticks == 0) ? 0.0 : static_cast<double>(m.tasks) / (row.ms / 1000.0);
  row.accepted = m.totals.accepted;
  row.executed = m.totals.executed;
  row.completed = m.totals.completed;
  row.succeeded = m.totals.succeeded;
  row.cancelled = m.totals.cancelled;
  row.validated = 1;
  return row;
}

void summarize_result(scenario_result *result) {
  std::vector<double> ms;
  std::vector<double> rates;
  for (const observation &row : result->rows) {
    ms.push_back(row.ms);
    rates.push_back(row.tasks_per_s);
  }
  result->ms = summarize(ms);
  result->tasks_per_s = summarize(rates);
}

}  // namespace bench
