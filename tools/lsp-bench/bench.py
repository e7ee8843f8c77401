"""Latency of `mapper lsp` on the benchmarks' large catalog, measured with a real LSP client (pygls,
which pytest-lsp builds on): the time from a one-line edit (didChange) to the diagnostics of the
edited file, and the time a completion request takes to answer. Prints p50/p95/max of each.

Then the same edits again over the server's pipes with no client library (`RawClient`): each time is
taken when the last byte of the awaited message has arrived, before any decoding, so it is the
server's own time (and the pipe's) without pygls decoding the completion items into objects.

The catalog is the benchmarks' (Benchmarks/MapperBenchmarks/LargeCatalog.swift): every file of
Mappings/ copied under new names (`Issue` → `IssueC7`, `github_time` → `github_time_c7`) until
there are about MODELS models; the first copy keeps its routes.

usage: python bench.py MAPPER [MODELS] [EDITS]
"""

import asyncio
import glob
import os
import pathlib
import re
import shutil
import select
import statistics
import subprocess
import sys
import tempfile
import time

import json

import yaml
from lsprotocol import types
from pytest_lsp import client_capabilities
from pytest_lsp.client import make_test_lsp_client

ROOT = pathlib.Path(__file__).resolve().parents[2]


def write_catalog(target: pathlib.Path, wanted: int) -> int:
    source = ROOT / "Mappings"
    files = sorted(glob.glob(str(source / "**" / "*.yaml"), recursive=True))
    names, models = set(), 0
    for path in files:
        document = yaml.safe_load(open(path)) or {}
        for section in ("models", "enums", "formats"):
            names.update((document.get(section) or {}).keys())
        models += len(document.get("models") or {})
    copies = 0
    word = re.compile(r"[A-Za-z0-9_]+")
    while copies * models < wanted:
        for path in files:
            relative = os.path.relpath(path, source)
            if copies > 0 and relative.endswith("routes.yaml"):
                continue
            text = open(path).read()
            if copies > 0:
                suffix = lambda m: m.group(0) + ((f"C{copies}" if m.group(0)[0].isupper() else f"_c{copies}") if m.group(0) in names else "")
                text = word.sub(suffix, text)
            out = target / f"c{copies}" / relative
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(text)
        copies += 1
    return copies * models


def summary(label: str, samples: list[float]) -> str:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, int(round(0.95 * (len(samples) - 1))))]
    return f"{label}: n={len(samples)} p50={statistics.median(samples):.1f} ms p95={p95:.1f} ms max={samples[-1]:.1f} ms"


class RawClient:
    """`mapper lsp` over its pipes, framed and parsed by hand: when each message's last byte arrived."""

    def __init__(self, mapper: str, cwd: pathlib.Path):
        self.process = subprocess.Popen([mapper, "lsp"], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buffer = b""
        self.last_id = 0

    def send(self, method: str, params: dict, request: bool = False) -> int:
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.last_id += 1
            message["id"] = self.last_id
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return self.last_id

    def receive(self) -> tuple[float, dict]:
        """The next message and the time its last byte arrived."""
        while True:
            if b"\r\n\r\n" in self.buffer:
                header, rest = self.buffer.split(b"\r\n\r\n", 1)
                length = int(header.split(b":")[1])
                if len(rest) >= length:
                    arrived = time.perf_counter()
                    self.buffer = rest[length:]
                    return arrived, json.loads(rest[:length])
            select.select([self.process.stdout], [], [], 30)
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                raise RuntimeError("mapper lsp closed its output")
            self.buffer += chunk

    def wait(self, test) -> tuple[float, dict]:
        while True:
            arrived, message = self.receive()
            if test(message):
                return arrived, message

    def processor_time(self) -> float:
        """The server's processor time so far (all its threads, user and system), in ms."""
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        asked = self.send("shutdown", {}, request=True)
        self.wait(lambda m: m.get("id") == asked)
        self.send("exit", {})
        self.process.wait(timeout=30)


def edit(version: int, line: int, column: int) -> tuple[str, dict, int]:
    """The one-line edit of version `version`: alternately break and fix the type, so that every
    edit changes the file's diagnostics; the new text, its range and the diagnostics expected."""
    new = "strng" if version % 2 == 0 else "string"
    old = "string" if version % 2 == 0 else "strng"
    edited = {"start": {"line": line, "character": column}, "end": {"line": line, "character": column + len(old)}}
    return new, edited, 1 if version % 2 == 0 else 0


def raw_session(mapper: str, workspace: pathlib.Path, uri: str, text: str, line: int, column: int, edits: int):
    """The benchmark's edits and completions again, timed without a client library."""
    client = RawClient(mapper, workspace)
    first = client.send("initialize", {"processId": None, "rootUri": workspace.as_uri(), "capabilities": {}}, request=True)
    client.wait(lambda m: m.get("id") == first)
    client.send("initialized", {})
    client.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
    # The first check (of the whole catalog) is over when a request is answered; the check the
    # didOpen starts, soon after: the processor time counted from then on is the edits' alone.
    asked = client.send("textDocument/documentSymbol", {"textDocument": {"uri": uri}}, request=True)
    client.wait(lambda m: m.get("id") == asked)
    time.sleep(2)
    diagnostics, completions = [], []
    processor = client.processor_time()
    for version in range(2, edits + 2):
        new, edited, expected = edit(version, line, column)
        sent = time.perf_counter()
        client.send(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"range": edited, "text": new}]},
        )
        arrived, _ = client.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri
            and len(m["params"]["diagnostics"]) == expected
        )
        diagnostics.append((arrived - sent) * 1000)
        sent = time.perf_counter()
        position = {"line": line, "character": column}
        asked = client.send("textDocument/completion", {"textDocument": {"uri": uri}, "position": position}, request=True)
        arrived, answer = client.wait(lambda m: m.get("id") == asked)
        completions.append((arrived - sent) * 1000)
        assert answer["result"]["isIncomplete"] and "string" in [item["label"] for item in answer["result"]["items"]]
    processor = (client.processor_time() - processor) / edits
    client.stop()
    return diagnostics, completions, processor


async def main(mapper: str, wanted: int, edits: int) -> None:
    workspace = pathlib.Path(tempfile.mkdtemp(prefix="mapper-lsp-bench-"))
    try:
        models = write_catalog(workspace / "Mappings", wanted)
        client = make_test_lsp_client()
        await client.start_io(mapper, "lsp", cwd=workspace)
        await client.initialize_session(types.InitializeParams(capabilities=client_capabilities("neovim"), root_uri=workspace.as_uri()))
        name = workspace / "Mappings" / "c1" / "github" / "issues.yaml"
        uri = name.resolve().as_uri()
        text = name.read_text()
        lines = text.split("\n")
        # A property line to edit: `      title: string` and the like.
        line = next(i for i, l in enumerate(lines) if re.match(r"^      \w+: string$", l))
        column = lines[line].index("string")
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text))
        )
        diagnostics, completions = [], []
        for version in range(2, edits + 2):
            new, edited, expected = edit(version, line, column)
            start = types.Position(**edited["start"])
            end = types.Position(**edited["end"])
            sent = time.perf_counter()
            client.text_document_did_change(
                types.DidChangeTextDocumentParams(
                    text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                    content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text=new)],
                )
            )
            # The client records each publishDiagnostics: a broken type gives one error, the fix none.
            while len(client.diagnostics.get(uri, [None] * 9)) != expected:
                await asyncio.sleep(0.0005)
            diagnostics.append((time.perf_counter() - sent) * 1000)
            sent = time.perf_counter()
            result = await client.text_document_completion_async(
                types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=column))
            )
            completions.append((time.perf_counter() - sent) * 1000)
            # Thousands of names: the answer is the first of them, marked incomplete.
            assert result.is_incomplete and "string" in [item.label for item in result.items]
        print(f"catalog: {models} models in {len(list((workspace / 'Mappings').rglob('*.yaml')))} files")
        print(summary("diagnostics after a one-line edit", diagnostics))
        print(summary("completion of a type", completions))
        await client.shutdown_session()
        await client.stop()
        diagnostics, completions, processor = raw_session(mapper, workspace, uri, text, line, column, edits)
        print(summary("diagnostics after a one-line edit, without a client library", diagnostics))
        print(summary("completion of a type, without a client library", completions))
        # The load-independent figure: on a busy machine the wall clock measures the queue for a core.
        print(f"server processor time per edit (its check and a completion): {processor:.1f} ms")
    finally:
        shutil.rmtree(workspace, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main(os.path.abspath(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 2000, int(sys.argv[3]) if len(sys.argv) > 3 else 40))
