#!/usr/bin/env python3
"""Checks that a shipped PE file is stripped and that its debug file pairs with it.

    check_debug_link.py <binary> <debug file>

Passes when the binary has no .debug_* section and a .gnu_debuglink section
that names the debug file (its base name) with the CRC-32 of its bytes, which
is what gdb checks before it loads it; and when the debug file holds the
debug information (.debug_info). Exits 1 with the reason otherwise."""

import os
import struct
import sys
import zlib

from pe_file import PeFile


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    binary_path, debug_path = sys.argv[1], sys.argv[2]
    binary = PeFile(binary_path)
    problems = []
    leftover = [name for name, *_ in binary.sections if name.startswith(".debug_")]
    if leftover:
        problems.append(f"not stripped: {', '.join(leftover)}")
    link = binary.section(".gnu_debuglink")
    if link is None:
        problems.append("no .gnu_debuglink section")
    else:
        name_end = link.index(b"\0")
        name = link[:name_end].decode("utf-8")
        crc_offset = (name_end + 4) & ~3
        crc = struct.unpack_from("<I", link, crc_offset)[0]
        with open(debug_path, "rb") as file:
            actual_crc = zlib.crc32(file.read()) & 0xFFFFFFFF
        if name != os.path.basename(debug_path):
            problems.append(f"the debug link names '{name}', not {os.path.basename(debug_path)}")
        if crc != actual_crc:
            problems.append(f"the debug link's CRC-32 {crc:#010x} is not the debug file's {actual_crc:#010x}")
    debug = PeFile(debug_path)
    if debug.section(".debug_info") is None:
        problems.append(f"{debug_path} has no .debug_info section")
    for problem in problems:
        print(f"{binary_path}: {problem}", file=sys.stderr)
    if not problems:
        print(f"{binary_path}: stripped; its debug link names {os.path.basename(debug_path)} "
              f"with the right CRC-32")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
