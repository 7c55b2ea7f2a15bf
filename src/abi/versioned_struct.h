// Reading and writing the public versioned structs (the Win32 cbSize
// convention described in tpool.h and prioq.h).
//
// A struct's published versions are listed by their sizes, oldest first; the
// last is the library's own sizeof. What must stay true:
//  - a version's size ends exactly at its last field (no trailing padding),
//    so the fields appended later never overlap bytes an older caller owns
//    (tests/abi's layout table checks every struct on every compiler);
//  - nothing is ever written past the caller's struct_size, and nothing is
//    read past it.
#ifndef TPOOL_SRC_ABI_VERSIONED_STRUCT_H
#define TPOOL_SRC_ABI_VERSIONED_STRUCT_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace abi {

template <typename T, size_t N>
struct struct_versions {
  static_assert(std::is_trivially_copyable_v<T>, "versioned structs are plain C structs");
  uint32_t sizes[N];  // oldest first; sizes[N - 1] == sizeof(T)

  constexpr uint32_t oldest() const { return sizes[0]; }
  constexpr uint32_t newest() const { return sizes[N - 1]; }
  constexpr bool published(uint32_t size) const {
    for (uint32_t known : sizes) {
      if (known == size) return true;
    }
    return false;
  }
};

template <typename T, typename... Sizes>
constexpr struct_versions<T, sizeof...(Sizes)> versions_of(Sizes... sizes) {
  return struct_versions<T, sizeof...(Sizes)>{{static_cast<uint32_t>(sizes)...}};
}

// True if bytes [from, to) of the object at base are all zero.
inline bool zero_tail(const void *base, size_t from, size_t to) {
  const unsigned char *bytes = static_cast<const unsigned char *>(base);
  for (size_t i = from; i < to; ++i) {
    if (bytes[i] != 0) return false;
  }
  return true;
}

// A size larger than ours is some newer version's sizeof: a multiple of the
// struct's alignment (which also keeps array elements aligned).
template <typename T>
bool plausible_newer(uint32_t size) {
  return size > sizeof(T) && size % alignof(T) == 0;
}

// Whether an input struct of `size` bytes at `in` is acceptable: a published
// version, or a newer one whose fields past ours are all zero.
template <typename T, size_t N>
bool acceptable_input(const void *in, uint32_t size, const struct_versions<T, N> &versions) {
  if (versions.published(size)) return true;
  return plausible_newer<T>(size) && zero_tail(in, sizeof(T), size);
}

// Reads an input struct: *out must hold the defaults; the caller's fields
// overwrite them. False (out untouched) if struct_size is not acceptable.
template <typename T, size_t N>
bool read_input(const T *in, const struct_versions<T, N> &versions, T *out) {
  const uint32_t size = in->struct_size;
  if (!acceptable_input(in, size, versions)) return false;
  std::memcpy(out, in, size < sizeof(T) ? size : sizeof(T));
  out->struct_size = static_cast<uint32_t>(sizeof(T));
  return true;
}

// Fills an init function's caller: the first `size` bytes of *out become the
// defaults (zeros past our own size). False (nothing written) for a size
// that is neither a published version nor larger than ours.
template <typename T, size_t N>
bool write_init(const T &defaults, uint32_t size, const struct_versions<T, N> &versions, T *out) {
  if (!versions.published(size) && !plausible_newer<T>(size)) return false;
  const size_t ours = size < sizeof(T) ? size : sizeof(T);
  unsigned char *bytes = reinterpret_cast<unsigned char *>(out);
  std::memcpy(bytes, &defaults, ours);
  if (size > ours) std::memset(bytes + ours, 0, size - ours);
  out->struct_size = size;
  return true;
}

// Whether an output struct's caller-set size is acceptable: at least the
// first version's, and a multiple of the alignment (it may be an array's
// stride).
template <typename T, size_t N>
bool acceptable_output(uint32_t size, const struct_versions<T, N> &versions) {
  return size >= versions.oldest() && size % alignof(T) == 0;
}

// Writes value into an output struct whose caller set struct_size (already
// checked with acceptable_output): min(caller's, ours) bytes, and that size
// back into struct_size.
template <typename T>
void write_output(const T &value, uint32_t size, T *out) {
  const uint32_t filled = size < sizeof(T) ? size : static_cast<uint32_t>(sizeof(T));
  std::memcpy(out, &value, filled);
  out->struct_size = filled;
}

// Element `index` of a caller's array whose stride is `stride` bytes.
template <typename T>
T *element_at(T *base, uint32_t stride, size_t index) {
  return reinterpret_cast<T *>(reinterpret_cast<unsigned char *>(base) + stride * index);
}
template <typename T>
const T *element_at(const T *base, uint32_t stride, size_t index) {
  return reinterpret_cast<const T *>(reinterpret_cast<const unsigned char *>(base) +
                                     stride * index);
}

}  // namespace abi

#endif  // TPOOL_SRC_ABI_VERSIONED_STRUCT_H
