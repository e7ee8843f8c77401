#!/usr/bin/env python3
"""Checks that every section of the README before the manual moved to docs/ (commit 5c51f44) is a
heading of some page now, and prints where each went: old section → new page.

  python3 tools/docs/check_moved.py [COMMIT]
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def headings(text):
    found, fence = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fence = not fence
        elif not fence and (m := re.match(r"^(#{1,6})\s+(.*?)\s*$", line)):
            found.append((len(m.group(1)), m.group(2)))
    return found


def main():
    commit = sys.argv[1] if len(sys.argv) > 1 else "5c51f44"
    old = subprocess.run(["git", "show", f"{commit}:README.md"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    pages = ["README.md", "CONTRIBUTING.md"] + sorted(
        os.path.relpath(os.path.join(d, f), ROOT)
        for d, _, files in os.walk(os.path.join(ROOT, "docs")) for f in files if f.endswith(".md"))
    where = {}
    for page in pages:
        for _, text in headings(open(os.path.join(ROOT, page), encoding="utf-8").read()):
            where.setdefault(text, page)
    missing = 0
    for level, text in headings(old):
        page = where.get(text)
        missing += page is None
        print(f"{'  ' * (level - 1)}{text} → {page or 'MISSING'}")
    print(f"{missing} sections missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
