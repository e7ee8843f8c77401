#!/usr/bin/env python3
"""Checks the examples and links of the manual (README.md, CONTRIBUTING.md, docs/**/*.md).

- Every ```yaml block is a mapping file that `mapper validate` loads without errors, or a golden test
  file (a top-level `tests:`) that parses.
- Every ```console block's commands run, and their output is compared with the lines shown below them.
- Every relative link leads to a file of the repository, and every #anchor to a heading of its page.

A block is changed by an HTML comment on the line right before its fence (CONTRIBUTING.md, "The
manual's examples"):
  <!-- check: skip REASON -->      the block is not run (a live server, the network, a file we do not have)
  <!-- check: error CODE -->       (yaml) the file must not load, and one diagnostic has this code
  <!-- check: wrap models -->      (yaml) the block is the body of `models:` (model names at the top)
  <!-- check: file PATH -->        (yaml) the block is the whole text of the repository's file PATH (and loads)
  <!-- check: cwd DIR -->          (console) run in a copy of DIR (relative to the repository)
  <!-- check: serve ARGUMENTS -->  (console) run while `mapper serve --port 0 ARGUMENTS` serves; 127.0.0.1:8080
                                   on the page stands for its address (with cwd above it: served from there)
Output comparison: trailing white space is ignored; a line that is only `...` matches any number of
lines (none included); `...` or `…` inside a line matches any text on that line.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unicodedata

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve import Server  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MARKER = re.compile(r"^<!--\s*check:\s*(\w+)\s*(.*?)\s*-->$")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
# The default folder of a console block: copies of these (commands may write there) …
COPIED_TOP = ["Mappings", "Examples", "docs"]
# … and links to these, which are large and only read.
LINKED_TOP = ["Tests", "Benchmarks", "deploy", "Package.swift"]


class Block:
    def __init__(self, path, line, lang, indent, text, markers):
        self.path, self.line, self.lang, self.indent, self.text = path, line, lang, indent, text
        self.markers = markers  # kind → argument, from the marker comments right above the fence

    @property
    def marker(self):
        """The (kind, argument) of the block's first marker other than `cwd`, or None."""
        return next(((k, a) for k, a in self.markers.items() if k != "cwd"), None)

    @property
    def where(self):
        return f"{os.path.relpath(self.path, ROOT)}:{self.line}"


def read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def pages():
    found = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "CONTRIBUTING.md")]
    for directory, _, files in os.walk(os.path.join(ROOT, "docs")):
        found += [os.path.join(directory, f) for f in files if f.endswith(".md")]
    return sorted(f for f in found if os.path.exists(f))


def blocks(path):
    """The fenced code blocks of a page, with the marker comment right before each."""
    lines = read_text(path).split("\n")
    result, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, lang, start = m.group(1), m.group(2), i
        i += 1
        body = []
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
            i += 1
        markers, above = {}, start - 1
        while above >= 0 and (mm := MARKER.match(lines[above].strip())):
            markers.setdefault(mm.group(1), mm.group(2))
            above -= 1
        result.append(Block(path, start + 1, lang, indent, "\n".join(body) + "\n", markers))
        i += 1
    return result


def check_yaml(block, mapper, failures):
    kind, argument = block.marker or (None, "")
    if kind == "skip":
        return
    text = block.text
    if kind == "file":
        path = os.path.join(ROOT, argument)
        if not os.path.isfile(path) or read_text(path) != text:
            failures.append(f"{block.where}: the block is not the text of '{argument}' (the page shows that file: "
                            "keep the two the same)")
            return
        kind = None
    if kind == "wrap":
        if argument != "models":
            failures.append(f"{block.where}: 'wrap' takes 'models', not '{argument}'")
            return
        text = "mapper: 1\nmodels:\n" + "".join("  " + l + "\n" for l in text.rstrip("\n").split("\n"))
    try:
        document = yaml.safe_load(text)
    except Exception as error:  # PyYAML raises more than YAMLError (a constructor's ValueError)
        if kind != "error":
            failures.append(f"{block.where}: not YAML: {error}")
            return
        document = None
    if isinstance(document, dict) and "tests" in document and "mapper" not in document:
        return  # a golden test file: it parses
    with tempfile.TemporaryDirectory() as directory:
        with open(os.path.join(directory, "example.yaml"), "w", encoding="utf-8") as f:
            f.write(text)
        run = subprocess.run([mapper, "validate", directory, "--format", "json"], capture_output=True, text=True)
    try:
        report = json.loads(run.stdout)
        codes = [d.get("code") for d in report.get("diagnostics", []) if d.get("severity") == "error"]
        messages = [f"{d.get('line')}:{d.get('column')}: {d.get('message')} [{d.get('code')}]"
                    for d in report.get("diagnostics", []) if d.get("severity") == "error"]
    except (ValueError, AttributeError):
        failures.append(f"{block.where}: mapper validate did not answer JSON: {run.stdout}{run.stderr}")
        return
    if kind == "error":
        if argument not in codes:
            failures.append(f"{block.where}: expected the diagnostic [{argument}], got {codes or 'none'}")
    elif codes:
        failures.append(f"{block.where}: the mapping does not load (mark an intended error with "
                        f"<!-- check: error CODE -->):\n    " + "\n    ".join(messages))


def commands(text):
    """(command, expected output lines) pairs of a console block."""
    result = []
    lines = text.rstrip("\n").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            i += 1
            continue
        command = line[2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command + "\n" + lines[i]
        i += 1
        output = []
        while i < len(lines) and not lines[i].startswith("$ "):
            output.append(lines[i])
            i += 1
        result.append((command, output))
    return result


def line_matches(expected, actual):
    parts = re.split(r"\.\.\.|…", expected)
    if len(parts) == 1:
        return expected == actual
    pattern = ".*".join(re.escape(p) for p in parts)
    return re.fullmatch(pattern, actual, re.S) is not None


def output_matches(expected, actual):
    """Matches lines, a line `...` standing for any number of lines."""
    expected = [l.rstrip() for l in expected]
    actual = [l.rstrip() for l in actual]
    while expected and not expected[-1]:
        expected.pop()
    while actual and not actual[-1]:
        actual.pop()

    def match(e, a):
        if e == len(expected):
            return a == len(actual)
        if expected[e].strip() in ("...", "…"):
            return any(match(e + 1, k) for k in range(a, len(actual) + 1))
        return a < len(actual) and line_matches(expected[e], actual[a]) and match(e + 1, a + 1)

    return match(0, 0)


def workspace(block, scratch):
    argument = block.markers.get("cwd")
    if argument is not None:
        source = os.path.join(ROOT, argument)
        if not os.path.isdir(source):
            raise ValueError(f"cwd '{argument}' is not a folder of the repository")
        target = os.path.join(scratch, "work")
        shutil.copytree(source, target, symlinks=True)
        return target
    for name in COPIED_TOP:
        shutil.copytree(os.path.join(ROOT, name), os.path.join(scratch, name), symlinks=True)
    for name in LINKED_TOP:
        if os.path.exists(os.path.join(ROOT, name)):
            os.symlink(os.path.join(ROOT, name), os.path.join(scratch, name))
    return scratch


def check_console(block, mapper, failures):
    kind, _ = block.marker or (None, "")
    if kind == "skip":
        return
    with tempfile.TemporaryDirectory() as scratch, tempfile.TemporaryDirectory() as bin:
        os.symlink(mapper, os.path.join(bin, "mapper"))  # `mapper` on PATH, whatever the binary's name
        environment = dict(os.environ, PATH=bin + os.pathsep + os.environ.get("PATH", ""))
        environment.pop("MAPPER_MAPPINGS", None)
        try:
            cwd = workspace(block, scratch)
        except ValueError as error:
            failures.append(f"{block.where}: {error}")
            return
        if kind == "serve":
            try:
                with Server(mapper, shlex.split(block.marker[1]), cwd, environment) as server:
                    run_commands(block, cwd, environment, failures, server.address)
            except RuntimeError as error:
                failures.append(f"{block.where}: {error}")
        else:
            run_commands(block, cwd, environment, failures)


def run_commands(block, cwd, environment, failures, address=None):
    """Runs the block's commands; with a server's address, it stands for 127.0.0.1:8080 on the page.

    A command that is only `cd DIR` changes the folder the block's next commands run in, as it would
    in the terminal the page shows.
    """
    for command, expected in commands(block.text):
        change = re.fullmatch(r"cd\s+([^\s;&|]+)", command.strip())
        if change and not any(line.strip() for line in expected):
            cwd = os.path.join(cwd, change.group(1))
            if not os.path.isdir(cwd):
                failures.append(f"{block.where}: `{command}`: no such folder")
                return
            continue
        if address:
            command = command.replace("127.0.0.1:8080", address)
            expected = [line.replace("127.0.0.1:8080", address) for line in expected]
        try:
            run = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=cwd, env=environment,
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True, timeout=20)
            actual = run.stdout.split("\n")
        except subprocess.TimeoutExpired:
            failures.append(f"{block.where}: `{command}` did not finish within 20 s")
            return
        if not output_matches(expected, actual):
            failures.append(f"{block.where}: `{command}` printed\n" + indent(run.stdout)
                            + "  where the page shows\n" + indent("\n".join(expected)))
            return


def indent(text):
    return "".join("    | " + l + "\n" for l in text.rstrip("\n").split("\n"))


def slug(heading):
    """GitHub's anchor for a heading."""
    text = re.sub(r"[`*]", "", heading.strip())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text).lower()
    text = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, counts, fence = set(), {}, False
        for line in read_text(path).split("\n"):
            if FENCE.match(line) or re.match(r"^\s*```\s*$", line):
                fence = not fence
                continue
            m = None if fence else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                base = slug(m.group(1))
                n = counts.get(base, 0)
                counts[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
        for m in re.finditer(r'<a (?:name|id)="([^"]+)"', read_text(path)):
            found.add(m.group(1))
        cache[path] = found
    return cache[path]


def check_links(path, failures):
    text = read_text(path)
    text = re.sub(r"^\s*```.*?^\s*```\s*$", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S | re.M)
    text = re.sub(r"`[^`\n]*`", lambda m: " " * len(m.group(0)), text)
    for number, line in enumerate(text.split("\n"), 1):
        for m in re.finditer(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", line):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue
            file, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            where = f"{os.path.relpath(path, ROOT)}:{number}"
            relative = os.path.relpath(resolved, ROOT)
            if not os.path.exists(resolved):
                failures.append(f"{where}: link to '{target}': no such file {relative}")
                continue
            if anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                failures.append(f"{where}: link to '{target}': {relative} has no heading with the anchor '#{anchor}'")


def git_status():
    run = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, capture_output=True,
                         text=True)
    return run.stdout if run.returncode == 0 else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mapper", required=True, help="the mapper binary to run the examples with")
    parser.add_argument("pages", nargs="*", help="pages to check (default: the whole manual)")
    arguments = parser.parse_args()
    mapper = os.path.abspath(arguments.mapper)
    failures = []
    selected = [os.path.abspath(p) for p in arguments.pages] or pages()
    counts = {"yaml": 0, "console": 0}
    before = git_status()
    for page in selected:
        check_links(page, failures)
        for block in blocks(page):
            if block.lang == "yaml":
                counts["yaml"] += 1
                check_yaml(block, mapper, failures)
            elif block.lang == "console":
                counts["console"] += 1
                check_console(block, mapper, failures)
    if git_status() != before:
        failures.append("the examples changed files of the repository (git status differs): a command writes "
                        "through a link; run it in a copy (<!-- check: cwd DIR -->)")
    for failure in failures:
        print("error: " + failure, file=sys.stderr)
    print(f"{len(selected)} pages, {counts['yaml']} yaml and {counts['console']} console blocks: "
          f"{len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
