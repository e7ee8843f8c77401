"""Latency of `mapper lsp` on the benchmarks' large catalog, measured with a real LSP client (pygls,
which pytest-lsp builds on): the time from a one-line edit (didChange) to the diagnostics of the
edited file, and the time a completion request takes to answer. Prints p50/p95/max of each.

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
import statistics
import sys
import tempfile
import time

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
            # Alternately break and fix the type, so that every edit changes the file's diagnostics.
            new = "strng" if version % 2 == 0 else "string"
            old = "string" if version % 2 == 0 else "strng"
            start = types.Position(line=line, character=column)
            end = types.Position(line=line, character=column + len(old))
            sent = time.perf_counter()
            client.text_document_did_change(
                types.DidChangeTextDocumentParams(
                    text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                    content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text=new)],
                )
            )
            # The client records each publishDiagnostics: a broken type gives one error, the fix none.
            expected = 1 if version % 2 == 0 else 0
            while len(client.diagnostics.get(uri, [None] * 9)) != expected:
                await asyncio.sleep(0.0005)
            diagnostics.append((time.perf_counter() - sent) * 1000)
            sent = time.perf_counter()
            result = await client.text_document_completion_async(
                types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=column))
            )
            completions.append((time.perf_counter() - sent) * 1000)
            assert len(result.items) > models, "completion should list every model"
        print(f"catalog: {models} models in {len(list((workspace / 'Mappings').rglob('*.yaml')))} files")
        print(summary("diagnostics after a one-line edit", diagnostics))
        print(summary("completion of a type", completions))
        await client.shutdown_session()
        await client.stop()
    finally:
        shutil.rmtree(workspace, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main(os.path.abspath(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 2000, int(sys.argv[3]) if len(sys.argv) > 3 else 40))
