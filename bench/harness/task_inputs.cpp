#include "task_inputs.h"

#include <algorithm>
#include <new>
#include <utility>

namespace bench {

const char *mix_name(priority_mix mix) {
  switch (mix) {
    case priority_mix::uniform:
      return "uniform";
    case priority_mix::high90:
      return "high90";
    case priority_mix::low90:
      return "low90";
    case priority_mix::none:
      return "none";
  }
  return "none";
}

priority_counts counts_for(priority_mix mix, uint64_t tasks) {
  priority_counts counts;
  switch (mix) {
    case priority_mix::uniform:
      counts.high = tasks / 3;
      counts.low = tasks / 3;
      break;
    case priority_mix::high90:
      counts.high = tasks * 90 / 100;
      counts.low = tasks * 5 / 100;
      break;
    case priority_mix::low90:
      counts.high = tasks * 5 / 100;
      counts.low = tasks * 90 / 100;
      break;
    case priority_mix::none:
      break;
  }
  counts.medium = tasks - counts.high - counts.low;
  return counts;
}

std::vector<int32_t> shuffled_priorities(const priority_counts &counts) {
  std::vector<int32_t> priorities;
  priorities.reserve(static_cast<size_t>(counts.high + counts.medium + counts.low));
  priorities.insert(priorities.end(), static_cast<size_t>(counts.high), 0);
  priorities.insert(priorities.end(), static_cast<size_t>(counts.medium), 1);
  priorities.insert(priorities.end(), static_cast<size_t>(counts.low), 2);
  input_lcg lcg;
  for (size_t i = priorities.size(); i > 1; --i) {
    const size_t j = lcg.below(static_cast<uint32_t>(i));
    std::swap(priorities[i - 1], priorities[j]);
  }
  return priorities;
}

std::vector<int32_t> block_shuffled_priorities(uint64_t count) {
  std::vector<int32_t> priorities;
  priorities.reserve(static_cast<size_t>(count));
  input_lcg lcg;
  int32_t block[kComparisonBlock];
  while (priorities.size() < count) {
    for (size_t i = 0; i < kComparisonBlock; ++i) {
      block[i] = static_cast<int32_t>(i / (kComparisonBlock / 3));
    }
    for (size_t i = kComparisonBlock; i > 1; --i) {
      const size_t j = lcg.below(static_cast<uint32_t>(i));
      std::swap(block[i - 1], block[j]);
    }
    const size_t take =
        static_cast<size_t>(std::min<uint64_t>(kComparisonBlock, count - priorities.size()));
    priorities.insert(priorities.end(), block, block + take);
  }
  return priorities;
}

task_array::task_array(const std::vector<int32_t> &priorities, task_group *group)
    : count_(priorities.size()) {
  void *block = ::operator new (sizeof(task_record) * (count_ == 0 ? 1 : count_),
                                std::align_val_t{alignof(task_record)});
  records_ = static_cast<task_record *>(block);
  for (size_t i = 0; i < count_; ++i) {
    task_record *record = new (&records_[i]) task_record();
    record->task.kind = &group->kind;
    record->group = group;
    record->task_id = static_cast<uint32_t>(i);
    record->priority = static_cast<int8_t>(priorities[i]);
  }
}

task_array::~task_array() {
  for (size_t i = 0; i < count_; ++i) records_[i].~task_record();
  ::operator delete (records_, std::align_val_t{alignof(task_record)});
}

}  // namespace bench
