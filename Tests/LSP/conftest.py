"""End-to-end tests of `mapper lsp` with pytest-lsp, a real LSP client (pygls).

The binary is $MAPPER (script/lsp-test passes the one `swift build` made). Each test writes a
catalog into a temporary workspace and starts the server there, as an editor does.
"""

import asyncio
import contextlib
import json
import os
import pathlib
import subprocess
import textwrap

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities
from pytest_lsp.client import make_test_lsp_client

MAPPER = os.environ.get("MAPPER", "mapper")


def write(root: pathlib.Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def validate(root: pathlib.Path, *args: str) -> list[dict]:
    """What `mapper validate --format json` says of the catalog on disk (the oracle)."""
    run = subprocess.run([MAPPER, "validate", "--format", "json", *args], cwd=root, capture_output=True, text=True)
    return json.loads(run.stdout)["diagnostics"]


def utf16_column(line: str, index: int) -> int:
    """The LSP column (UTF-16 code units) of the character at `index` in `line`."""
    return len(line[:index].encode("utf-16-le")) // 2


def position_of(text: str, needle: str, occurrence: int = 0) -> types.Position:
    """Where `needle` starts in `text` (its `occurrence`-th appearance), as LSP counts."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=utf16_column(text[start:], index - start))


class Session:
    """A started `mapper lsp` in a workspace, with its pytest-lsp client."""

    def __init__(self, root: pathlib.Path, client: LanguageClient):
        self.root = root
        self.client = client

    def uri(self, name: str) -> str:
        return (self.root / name).resolve().as_uri()

    def text(self, name: str) -> str:
        return (self.root / name).read_text(encoding="utf-8")

    def open(self, name: str, text: str | None = None, version: int = 1) -> str:
        text = self.text(name) if text is None else textwrap.dedent(text).lstrip("\n")
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=self.uri(name), language_id="yaml", version=version, text=text)
            )
        )
        return text

    def change(self, name: str, start: types.Position, end: types.Position, text: str, version: int = 2) -> None:
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=self.uri(name), version=version),
                content_changes=[
                    types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text=text)
                ],
            )
        )

    def published(self, name: str) -> list[types.Diagnostic] | None:
        """The diagnostics last published for `name`, or None when none were."""
        items = self.client.diagnostics.get(self.uri(name))
        return None if items is None else list(items)

    async def until(self, condition, timeout: float = 10, what: str = "the server's diagnostics"):
        """Waits until `condition()` holds (the client records every publishDiagnostics)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            if loop.time() > deadline:
                raise AssertionError(f"timed out waiting for {what}: {self.client.diagnostics}")
            await asyncio.sleep(0.02)

    async def diagnostics(self, name: str, count: int | None = None, timeout: float = 10) -> list[types.Diagnostic]:
        """The diagnostics of `name` once some were published (exactly `count` of them, when given)."""

        def ready():
            items = self.published(name)
            return items is not None and (count is None or len(items) == count)

        await self.until(ready, timeout, f"{count if count is not None else 'any'} diagnostics of {name}")
        return self.published(name)


@pytest.fixture
def workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    return tmp_path


@contextlib.asynccontextmanager
async def started(root: pathlib.Path, *arguments: str, capabilities: str = "neovim", cwd: pathlib.Path | None = None, folders: bool = False):
    """A server for the workspace `root`, started in `cwd` (the workspace itself by default); the
    workspace is named by `rootUri`, or with `folders` by `workspaceFolders` alone."""
    client = make_test_lsp_client()
    await client.start_io(MAPPER, "lsp", *arguments, cwd=cwd or root)
    uri = root.resolve().as_uri()
    params = types.InitializeParams(capabilities=client_capabilities(capabilities), root_uri=None if folders else uri)
    if folders:
        params.workspace_folders = [types.WorkspaceFolder(uri=uri, name=root.name)]
    await client.initialize_session(params)
    try:
        yield Session(root, client)
    finally:
        await client.shutdown_session()
        await client.stop()
