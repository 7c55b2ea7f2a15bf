#!/usr/bin/env python3
"""Unzips release archives into a folder after checking their entry names.

    unzip.py <folder> <root> <archive.zip>...

Every entry must lie under <root>/ (the archive's one top folder), with
forward slashes, no absolute path, drive letter or ".." part; the archives
are then extracted into <folder> one after the other (the debug archive over
the main one puts each debug file beside its binary). Exits 1 with the
offending names otherwise."""

import sys
import zipfile


def bad_names(archive, root):
    for name in archive.namelist():
        parts = name.split("/")
        if (not name.startswith(root + "/") or "\\" in name or ":" in name
                or ".." in parts or "" in parts[:-1]):
            yield name


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    folder, root, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    problems = []
    for path in paths:
        with zipfile.ZipFile(path) as archive:
            problems.extend(f"{path}: {name}" for name in bad_names(archive, root))
    if problems:
        print("entries outside " + root + "/:\n" + "\n".join(problems), file=sys.stderr)
        return 1
    for path in paths:
        with zipfile.ZipFile(path) as archive:
            archive.extractall(folder)
            print(f"{path}: {len(archive.namelist())} entries under {root}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
