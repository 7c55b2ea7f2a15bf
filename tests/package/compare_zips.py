#!/usr/bin/env python3
"""Says how two zip archives differ, entry by entry (for the reproducibility
test's failure message).

    compare_zips.py <first.zip> <second.zip>

Prints the entries only one archive has, and those whose bytes, date or
permissions differ. Exits 1 when any does."""

import sys
import zipfile


def read(path):
    with zipfile.ZipFile(path) as archive:
        return {info.filename: (archive.read(info), info.date_time, info.external_attr)
                for info in archive.infolist()}


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    first, second = read(sys.argv[1]), read(sys.argv[2])
    lines = [f"only in {sys.argv[1]}: {name}" for name in sorted(first.keys() - second.keys())]
    lines += [f"only in {sys.argv[2]}: {name}" for name in sorted(second.keys() - first.keys())]
    for name in sorted(first.keys() & second.keys()):
        (data_a, date_a, mode_a), (data_b, date_b, mode_b) = first[name], second[name]
        if data_a != data_b:
            lines.append(f"bytes differ: {name}")
        if date_a != date_b or mode_a != mode_b:
            lines.append(f"date or permissions differ: {name}")
    print("\n".join(lines) if lines else "the entries are the same (the zip structure differs)")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
