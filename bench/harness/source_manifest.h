// The source manifest: SHA-256 of every measured source file, by path
// relative to the repository root.
//
// How: CMake lists the files at configure time (src/, include/, bench/,
// CMake files) and compiles that list of RELATIVE paths into bench. At run
// time bench reads each file under --source-root and hashes it. The digests
// therefore describe the files on disk when the run happened; rebuild before
// measuring after an edit (the publisher always builds first).
#ifndef TPOOL_BENCH_HARNESS_SOURCE_MANIFEST_H
#define TPOOL_BENCH_HARNESS_SOURCE_MANIFEST_H

#include <string>
#include <vector>

namespace bench {

struct source_entry {
  std::string path;    // relative, '/' separated
  std::string sha256;  // empty when the file could not be read
};

// The compiled-in list of relative paths.
const std::vector<std::string> &manifest_paths();

// Hashes every listed file under source_root. *missing receives the number
// of files that could not be read (their sha256 is empty).
std::vector<source_entry> hash_sources(const std::string &source_root, size_t *missing);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_SOURCE_MANIFEST_H
