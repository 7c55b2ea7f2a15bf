#!/usr/bin/env python3
"""Generates docs/api.md from the public headers, so the reference can never
drift from the declarations and their comments.

    tools/gen_api_docs.py          rewrite docs/api.md
    tools/gen_api_docs.py --check  exit 1 if docs/api.md is stale
"""
import pathlib
import re
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
HEADERS = [REPO / "include/prioq/prioq.h", REPO / "include/tpool/tpool.h"]
OUTPUT = REPO / "docs/api.md"

# A block comment directly followed by an exported declaration.
DECLARATION = re.compile(
    r"/\*(?P<comment>(?:(?!\*/).)*?)\*/\s*"
    r"(?P<decl>(?:PRIOQ|TPOOL)_API\s[^;]*?\b(?P<name>(?:prioq|tpool)_\w+)\s*\([^;]*\);)",
    re.S,
)
STATUS = re.compile(r"X\((?P<name>\w+),\s*(?P<value>\d+),\s*\"(?P<message>[^\"]*)\"\)")
SECTION = re.compile(r"/\* ---- (?P<title>.+?) -+ \*/")


def tidy_comment(text):
    lines = [line.strip().lstrip("*").strip() for line in text.strip().splitlines()]
    return " ".join(line for line in lines if line)


def tidy_declaration(text):
    text = re.sub(r"(PRIOQ|TPOOL)_API\s+", "", text)
    text = re.sub(r"\s*(PRIOQ|TPOOL)_CALL\s*", " ", text)
    return re.sub(r"\s+", " ", text).replace("( ", "(").strip()


def render_header(path):
    source = path.read_text()
    relative = path.relative_to(REPO).as_posix()
    out = [f"## `{relative}`", ""]
    statuses = STATUS.findall(source)
    if statuses:
        out += ["| status | value | meaning |", "| --- | --- | --- |"]
        out += [f"| `{name}` | {value} | {message} |" for name, value, message in statuses]
        out.append("")
    events = [(m.start(), "section", m) for m in SECTION.finditer(source)]
    events += [(m.start(), "function", m) for m in DECLARATION.finditer(source)]
    for _, kind, match in sorted(events, key=lambda event: event[0]):
        if kind == "section":
            out += [f"### {match.group('title').capitalize()}", ""]
            continue
        comment = match.group("comment")
        if SECTION.search("/*" + comment + "*/"):
            comment = SECTION.split("/*" + comment + "*/")[-1]
        out += [f"#### `{match.group('name')}`", "", "```c",
                tidy_declaration(match.group("decl")), "```", "",
                tidy_comment(comment), ""]
    return out


def render():
    lines = ["# API reference", "",
             "Generated from the public headers by `tools/gen_api_docs.py`; edit the headers, "
             "not this file. Every function returns a status (except the version and string "
             "functions), leaves out-parameters unchanged on failure, and never throws.", ""]
    for header in HEADERS:
        lines += render_header(header)
    return "\n".join(lines).rstrip() + "\n"


def main():
    text = render()
    if "--check" in sys.argv[1:]:
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            print("docs/api.md is stale: run tools/gen_api_docs.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
