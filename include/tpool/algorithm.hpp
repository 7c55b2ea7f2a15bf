/*
 * tpool/algorithm.hpp: parallel algorithms beside pool::parallel_for, part
 * of tpool.hpp. Header-only, C++17. Each runs on tpool_parallel_for: the
 * range is cut into chunks (adaptive sizes unless a grain is given) that
 * the pool's workers and the calling thread claim, so each is callable from
 * inside a job and finishes even when every other worker is busy.
 *
 * Exceptions: a body that throws stops the loop. Chunks not yet started
 * never run; chunks already running finish; then the call rethrows the
 * first exception caught (the first in time: with several threads, which
 * one that is depends on scheduling; later ones are dropped). Everything is
 * caught in this module, so this holds on every target.
 *
 * Thread-safety: the bodies run concurrently on several threads; each call
 * is as thread-safe as tpool_parallel_for (any thread, any number of calls).
 */
// tpool.hpp first, outside the guard: it includes the companion headers in
// their order, whichever of them the program includes.
#include "tpool/tpool.hpp"

#ifndef TPOOL_ALGORITHM_HPP
#define TPOOL_ALGORITHM_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <mutex>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tpool {

// A half-open range of indices [begin, end): what parallel_reduce's index
// form cuts into chunks.
struct index_range {
  uint64_t begin = 0;
  uint64_t end = 0;
  uint64_t size() const noexcept { return end - begin; }
};

// Calls fn(element) for every element of [first, last) (random-access
// iterators), in parallel, in no particular order.
template <typename Iterator, typename Fn>
void parallel_for_each(pool &owner, Iterator first, Iterator last, Fn &&fn, uint64_t grain = 0,
                       int32_t priority = TPOOL_PRIORITY_MEDIUM) {
  static_assert(std::is_base_of_v<std::random_access_iterator_tag,
                                  typename std::iterator_traits<Iterator>::iterator_category>,
                "parallel_for_each needs random-access iterators");
  const auto count = last - first;
  if (count <= 0) return;
  auto body = [&](uint64_t begin, uint64_t end) {
    using difference = typename std::iterator_traits<Iterator>::difference_type;
    for (uint64_t i = begin; i < end; ++i) fn(first[static_cast<difference>(i)]);
  };
  detail::parallel_for(owner.native(), 0, static_cast<uint64_t>(count), body, grain, priority);
}

// Reduces the indices of range: reduce(index_range chunk, T accumulator)
// returns the accumulator with the chunk folded in; combine(T left, T right)
// joins two partial results. Each chunk starts from a copy of identity, and
// the partial results are combined in index order, left to right, starting
// with identity; so combine must be associative (not commutative) and
// identity its identity element, and then the result is the sequential one
// (for floating point, up to rounding: the grouping depends on the chunks).
template <typename T, typename Reduce, typename Combine>
T parallel_reduce(pool &owner, index_range range, T identity, Reduce &&reduce, Combine &&combine,
                  uint64_t grain = 0, int32_t priority = TPOOL_PRIORITY_MEDIUM) {
  if (range.end <= range.begin) return identity;
  std::mutex mutex;
  std::vector<std::pair<uint64_t, T>> partials;  // (chunk begin, its result)
  auto body = [&](uint64_t begin, uint64_t end) {
    T partial = reduce(index_range{begin, end}, T(identity));
    std::lock_guard<std::mutex> lock(mutex);
    partials.emplace_back(begin, std::move(partial));
  };
  detail::parallel_for(owner.native(), range.begin, range.end, body, grain, priority);
  std::sort(partials.begin(), partials.end(),
            [](const auto &left, const auto &right) { return left.first < right.first; });
  T result = std::move(identity);
  for (auto &partial : partials) result = combine(std::move(result), std::move(partial.second));
  return result;
}

// Reduces the elements of [first, last) (random-access iterators):
// reduce(T accumulator, element) folds one element in, combine(T, T) joins
// partial results; the rules of the index form above apply.
template <typename Iterator, typename T, typename Reduce, typename Combine>
T parallel_reduce(pool &owner, Iterator first, Iterator last, T identity, Reduce &&reduce,
                  Combine &&combine, uint64_t grain = 0, int32_t priority = TPOOL_PRIORITY_MEDIUM) {
  static_assert(std::is_base_of_v<std::random_access_iterator_tag,
                                  typename std::iterator_traits<Iterator>::iterator_category>,
                "parallel_reduce needs random-access iterators (or an index_range)");
  const auto count = last - first;
  if (count <= 0) return identity;
  auto fold = [&](index_range chunk, T accumulator) {
    using difference = typename std::iterator_traits<Iterator>::difference_type;
    for (uint64_t i = chunk.begin; i < chunk.end; ++i) {
      accumulator = reduce(std::move(accumulator), first[static_cast<difference>(i)]);
    }
    return accumulator;
  };
  return parallel_reduce(owner, index_range{0, static_cast<uint64_t>(count)}, std::move(identity),
                         fold, combine, grain, priority);
}

namespace detail {

// Calls the index-th of fns.
template <typename... Fns, size_t... Index>
void invoke_one(std::tuple<Fns &...> &fns, uint64_t index, std::index_sequence<Index...>) {
  ((Index == index ? static_cast<void>(std::get<Index>(fns)()) : static_cast<void>(0)), ...);
}

}  // namespace detail

// Calls every fn() once, in parallel (one chunk each; the calling thread
// runs some of them), and returns when all have returned. MEDIUM priority.
template <typename... Fns>
void parallel_invoke(pool &owner, Fns &&...fns) {
  std::tuple<Fns &...> calls(fns...);
  auto body = [&](uint64_t begin, uint64_t end) {
    for (uint64_t i = begin; i < end; ++i) {
      detail::invoke_one(calls, i, std::index_sequence_for<Fns...>{});
    }
  };
  detail::parallel_for(owner.native(), 0, sizeof...(Fns), body, 1, TPOOL_PRIORITY_MEDIUM);
}

}  // namespace tpool

#endif  // TPOOL_ALGORITHM_HPP
