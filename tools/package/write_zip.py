#!/usr/bin/env python3
"""Writes a folder into a zip archive whose bytes depend only on the files'
paths and contents, so that two builds of one commit give the same archive.

    write_zip.py <folder> <archive.zip> --epoch <seconds> [--root <name>]

Every entry is stored under <name>/ (default: the folder's own name), in
sorted order, dated <epoch> (the commit's time, in UTC; zip dates start in
1980), with fixed Unix permissions (folders 755, files 644) and the same
compression (deflate, level 9)."""

import argparse
import os
import sys
import time
import zipfile

ZIP_EPOCH_MIN = 315532800  # 1980-01-01T00:00:00Z


def entries(folder, root):
    """(name in the archive, path on disk or None for a folder), sorted by name."""
    found = [(root + "/", None)]
    for directory, subdirectories, files in os.walk(folder):
        relative = os.path.relpath(directory, folder)
        prefix = root + "/" if relative == "." else f"{root}/{relative.replace(os.sep, '/')}/"
        found.extend((prefix + name + "/", None) for name in subdirectories)
        found.extend((prefix + name, os.path.join(directory, name)) for name in files)
    return sorted(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("archive")
    parser.add_argument("--epoch", type=int, required=True)
    parser.add_argument("--root")
    args = parser.parse_args()
    root = args.root or os.path.basename(os.path.abspath(args.folder))
    date_time = time.gmtime(max(args.epoch, ZIP_EPOCH_MIN))[:6]
    with zipfile.ZipFile(args.archive, "w") as archive:
        for name, path in entries(args.folder, root):
            info = zipfile.ZipInfo(name, date_time)
            info.create_system = 3  # Unix: external_attr holds the mode
            if path is None:
                info.external_attr = (0o40755 << 16) | 0x10  # and MS-DOS's directory bit
                archive.writestr(info, b"")
            else:
                info.external_attr = 0o100644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                with open(path, "rb") as file:
                    archive.writestr(info, file.read(), compresslevel=9)
    return 0


if __name__ == "__main__":
    sys.exit(main())
