#!/usr/bin/env python3
"""Reads the VERSIONINFO resource of a PE file and checks it.

    read_version.py <file> [--expect Key=Value ...]

Prints every field: the fixed part (FILEVERSION, PRODUCTVERSION as a.b.c.d,
FILEFLAGS, FILETYPE) and each string of StringFileInfo (FileVersion,
ProductVersion, CompanyName, ...), one "Key=Value" per line. Exits 1 when the
file has no version resource or an --expect does not hold."""

import argparse
import struct
import sys

from pe_file import PeFile

RT_VERSION = 16
FIXED_FILE_INFO_SIGNATURE = 0xFEEF04BD


def resource_directory(pe, base, offset):
    """The entries (id or name offset, offset, is_directory) of one directory."""
    named, ids = struct.unpack_from("<HH", pe.data, base + offset + 12)
    entries = []
    for i in range(named + ids):
        name, target = struct.unpack_from("<II", pe.data, base + offset + 16 + 8 * i)
        entries.append((name, target & 0x7FFFFFFF, bool(target & 0x80000000)))
    return entries


def version_resource(pe):
    """The bytes of the first RT_VERSION resource, or None."""
    rva, size = pe.directories[2] if len(pe.directories) > 2 else (0, 0)
    if not rva or not size:
        return None
    base = pe.offset(rva)
    for type_id, offset, is_directory in resource_directory(pe, base, 0):
        if type_id != RT_VERSION or not is_directory:
            continue
        # type -> name -> language -> data entry
        for _, name_offset, name_is_directory in resource_directory(pe, base, offset):
            node = name_offset
            while name_is_directory:
                _, node, name_is_directory = resource_directory(pe, base, node)[0]
            data_rva, data_size = struct.unpack_from("<II", pe.data, base + node)
            start = pe.offset(data_rva)
            return pe.data[start:start + data_size]
    return None


def align4(offset):
    return (offset + 3) & ~3


def parse_block(data, offset):
    """One VS_VERSIONINFO-style block: (key, value bytes, is_text, children, end)."""
    length, value_length, value_type = struct.unpack_from("<HHH", data, offset)
    end = offset + length
    key_start = offset + 6
    key_end = key_start
    while data[key_end:key_end + 2] != b"\0\0":
        key_end += 2
    key = data[key_start:key_end].decode("utf-16-le")
    value_start = align4(key_end + 2)
    value_bytes = value_length * 2 if value_type == 1 else value_length
    value = data[value_start:value_start + value_bytes]
    children = []
    child = align4(value_start + value_bytes)
    while child < end:
        block = parse_block(data, child)
        children.append(block)
        child = align4(block[4])
    return key, value, value_type == 1, children, end


def fields(resource):
    """The resource's fields as a dict of strings."""
    key, fixed, _, children, _ = parse_block(resource, 0)
    if key != "VS_VERSION_INFO":
        raise ValueError(f"the version resource starts with '{key}', not VS_VERSION_INFO")
    values = struct.unpack_from("<13I", fixed)
    if values[0] != FIXED_FILE_INFO_SIGNATURE:
        raise ValueError("VS_FIXEDFILEINFO has a wrong signature")

    def dotted(most, least):
        return f"{most >> 16}.{most & 0xFFFF}.{least >> 16}.{least & 0xFFFF}"

    result = {
        "FILEVERSION": dotted(values[2], values[3]),
        "PRODUCTVERSION": dotted(values[4], values[5]),
        "FILEFLAGS": f"{values[7]:#x}",
        "FILETYPE": str(values[9]),
    }
    for child_key, _, _, tables, _ in children:
        if child_key != "StringFileInfo":
            continue
        for _, _, _, strings, _ in tables:
            for name, value, _, _, _ in strings:
                result[name] = value.decode("utf-16-le").rstrip("\0")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--expect", action="append", default=[], metavar="Key=Value")
    args = parser.parse_args()
    resource = version_resource(PeFile(args.file))
    if resource is None:
        print(f"{args.file}: no version resource", file=sys.stderr)
        return 1
    found = fields(resource)
    for key in sorted(found):
        print(f"{key}={found[key]}")
    failures = 0
    for expectation in args.expect:
        key, _, wanted = expectation.partition("=")
        if found.get(key) != wanted:
            print(f"{args.file}: {key} is {found.get(key)!r}, expected {wanted!r}", file=sys.stderr)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
