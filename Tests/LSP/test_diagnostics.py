"""Diagnostics as you type: what `mapper validate` says of the same texts, placed in the editor."""

import pytest
from lsprotocol import types

from conftest import position_of, started, utf16_column, validate, write

ISSUE = """
mapper: 1
models:
  Issue:
    doc: "A ticket 😀 with an émoji before the type"
    properties:
      id: { doc: "naïve 😀😀", type: itn }
      title: string
"""


def lsp_view(entry: dict, text: str) -> tuple:
    """A `mapper validate --format json` entry as the LSP should show it: code, severity, message
    (with the hint) and the start position in UTF-16 columns."""
    line = text.split("\n")[entry["line"] - 1]
    # The compiler counts columns in Unicode scalars (Python's str indexes).
    character = utf16_column(line, entry["column"] - 1)
    message = entry["message"] + (f"; {entry['hint']}" if entry["hint"] else "")
    return (entry["code"], 1 if entry["severity"] == "error" else 2, message, entry["line"] - 1, character)


def shown(diagnostic: types.Diagnostic) -> tuple:
    return (
        diagnostic.code,
        int(diagnostic.severity),
        diagnostic.message,
        diagnostic.range.start.line,
        diagnostic.range.start.character,
    )


@pytest.mark.asyncio
async def test_diagnostics_are_what_validate_says_with_utf16_columns(workspace):
    write(workspace, {"Mappings/issue.yaml": ISSUE})
    expected = validate(workspace)
    assert [entry["code"] for entry in expected] == ["unknown-type"]
    async with started(workspace) as session:
        text = session.open("Mappings/issue.yaml")
        [diagnostic] = await session.diagnostics("Mappings/issue.yaml", count=1)
        assert shown(diagnostic) == lsp_view(expected[0], text)
        # The range covers the misspelled type itself, found in the text (after two emoji, each two
        # UTF-16 units): not the column in characters.
        start = position_of(text, "itn")
        assert diagnostic.range.start == start
        assert diagnostic.range.end == types.Position(line=start.line, character=start.character + 3)
        assert diagnostic.source == "mapper"
        assert "did you mean 'int'?" in diagnostic.message


@pytest.mark.asyncio
async def test_every_catalog_file_is_published_without_opening_it(workspace):
    write(
        workspace,
        {
            "Mappings/a.yaml": "mapper: 1\nmodels:\n  A:\n    properties:\n      b: Bee\n",
            "Mappings/b.yaml": "mapper: 1\nenums:\n  E:\n    cases: {}\n",
        },
    )
    expected = validate(workspace)
    async with started(workspace) as session:
        session.open("Mappings/a.yaml")
        for name in ["Mappings/a.yaml", "Mappings/b.yaml"]:
            text = session.text(name)
            want = sorted(lsp_view(entry, text) for entry in expected if entry["file"] == name)
            assert want, f"the oracle has no diagnostic for {name}"
            got = await session.diagnostics(name, count=len(want))
            assert sorted(shown(d) for d in got) == want


@pytest.mark.asyncio
async def test_the_open_buffer_wins_over_the_file_and_incremental_edits_apply(workspace):
    write(workspace, {"Mappings/issue.yaml": ISSUE})
    async with started(workspace) as session:
        text = session.open("Mappings/issue.yaml")
        await session.diagnostics("Mappings/issue.yaml", count=1)
        start = position_of(text, "itn")
        end = types.Position(line=start.line, character=start.character + 3)
        session.change("Mappings/issue.yaml", start, end, "int")
        await session.diagnostics("Mappings/issue.yaml", count=0)
        # The file on disk still has the typo: the buffer is what counts.
        assert "itn" in session.text("Mappings/issue.yaml")
        # A second edit after the first, at a position that only exists in the edited text.
        title = position_of(text, "title: string")
        session.change("Mappings/issue.yaml", title, types.Position(line=title.line, character=title.character + 5), "name", 3)
        session.change(
            "Mappings/issue.yaml",
            types.Position(line=title.line, character=title.character + 6),
            types.Position(line=title.line, character=title.character + 12),
            "strng",
            4,
        )
        [diagnostic] = await session.diagnostics("Mappings/issue.yaml", count=1)
        assert diagnostic.code == "unknown-type"
        assert "'strng'" in diagnostic.message
        assert diagnostic.range.start == types.Position(line=title.line, character=title.character + 6)


@pytest.mark.asyncio
async def test_closing_a_buffer_goes_back_to_the_file_and_save_rereads_it(workspace):
    write(workspace, {"Mappings/issue.yaml": ISSUE})
    async with started(workspace) as session:
        session.open("Mappings/issue.yaml", ISSUE.replace("itn", "int"))
        # No error in the buffer: the file's is not shown.
        await session.until(lambda: session.published("Mappings/issue.yaml") in (None, []))
        session.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=session.uri("Mappings/issue.yaml")))
        )
        await session.diagnostics("Mappings/issue.yaml", count=1)
        write(workspace, {"Mappings/issue.yaml": ISSUE.replace("itn", "int")})
        session.client.text_document_did_save(
            types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=session.uri("Mappings/issue.yaml")))
        )
        await session.diagnostics("Mappings/issue.yaml", count=0)


@pytest.mark.asyncio
async def test_a_duplicate_points_at_the_other_file_and_fixing_one_file_clears_the_other(workspace):
    write(
        workspace,
        {
            "Mappings/a.yaml": "mapper: 1\nmodels:\n  User:\n    properties:\n      id: int\n",
            "Mappings/b.yaml": "mapper: 1\nmodels:\n  User:\n    properties:\n      login: string\n",
        },
    )
    [expected] = validate(workspace)
    assert expected["code"] == "duplicate-definition" and expected["file"] == "Mappings/b.yaml"
    async with started(workspace) as session:
        text = session.open("Mappings/b.yaml")
        [diagnostic] = await session.diagnostics("Mappings/b.yaml", count=1)
        assert shown(diagnostic) == lsp_view(expected, text)
        [related] = diagnostic.related_information
        assert related.location.uri == session.uri("Mappings/a.yaml")
        assert related.location.range.start == position_of(session.text("Mappings/a.yaml"), "User")
        start = position_of(text, "User")
        session.change("Mappings/b.yaml", start, types.Position(line=start.line, character=start.character + 4), "Member")
        await session.diagnostics("Mappings/b.yaml", count=0)


@pytest.mark.asyncio
async def test_fixing_a_definition_clears_the_error_it_caused_in_another_file(workspace):
    write(
        workspace,
        {
            "Mappings/issue.yaml": "mapper: 1\nmodels:\n  Issue:\n    properties:\n      user: User\n",
            "Mappings/user.yaml": "mapper: 1\nmodels:\n  Usr:\n    properties:\n      id: int\n",
        },
    )
    async with started(workspace) as session:
        text = session.open("Mappings/user.yaml")
        [unknown] = await session.diagnostics("Mappings/issue.yaml", count=1)
        assert unknown.code == "unknown-type"
        start = position_of(text, "Usr")
        session.change("Mappings/user.yaml", start, types.Position(line=start.line, character=start.character + 3), "User")
        await session.diagnostics("Mappings/issue.yaml", count=0)


@pytest.mark.asyncio
async def test_an_expression_error_is_at_its_column_inside_the_expression(workspace):
    expression = "size(self.title) + self.nmae"
    write(
        workspace,
        {
            "Mappings/issue.yaml": f"""
            mapper: 1
            models:
              Issue:
                properties:
                  title: string
                  length: {{ type: int, decode: "{expression}" }}
            """
        },
    )
    [expected] = validate(workspace)
    assert expected["code"] == "invalid-expression" and expected["excerpt"]["text"] == expression
    async with started(workspace) as session:
        text = session.open("Mappings/issue.yaml")
        [diagnostic] = await session.diagnostics("Mappings/issue.yaml", count=1)
        # The expression's own column (1-based, from validate's excerpt) counted from where the
        # expression starts in the text.
        start = position_of(text, expression)
        assert diagnostic.range.start == types.Position(
            line=start.line, character=start.character + expected["excerpt"]["column"] - 1
        )
        assert expression[expected["excerpt"]["column"] - 1 :].startswith("self.nmae")
        assert diagnostic.range.end.character - diagnostic.range.start.character == len("self")


@pytest.mark.asyncio
async def test_an_expression_error_in_a_block_scalar_is_on_its_own_line(workspace):
    write(
        workspace,
        {
            "Mappings/issue.yaml": """
            mapper: 1
            models:
              Issue:
                properties:
                  title: string
                  length:
                    type: int
                    decode: |
                      size(self.title)
                        + self.nmae
            """
        },
    )
    [expected] = validate(workspace)
    assert expected["code"] == "invalid-expression"
    async with started(workspace) as session:
        text = session.open("Mappings/issue.yaml")
        [diagnostic] = await session.diagnostics("Mappings/issue.yaml", count=1)
        assert diagnostic.range.start == position_of(text, "self.nmae")


@pytest.mark.asyncio
async def test_a_new_unsaved_file_in_the_catalog_is_checked(workspace):
    write(workspace, {"Mappings/issue.yaml": "mapper: 1\nmodels:\n  Issue:\n    properties:\n      user: User\n"})
    async with started(workspace) as session:
        await session.diagnostics("Mappings/issue.yaml", count=1)
        session.open("Mappings/user.yaml", "mapper: 1\nmodels:\n  User:\n    properties:\n      id: int\n")
        await session.diagnostics("Mappings/issue.yaml", count=0)


@pytest.mark.asyncio
@pytest.mark.parametrize("folders", [False, True])
async def test_the_catalog_is_that_of_the_workspace_folder_initialize_names(workspace, folders):
    # The editor starts the server elsewhere (its own folder), and names the workspace in
    # `initialize`: by rootUri, or by workspaceFolders.
    project, elsewhere = workspace / "project", workspace / "elsewhere"
    write(project, {"Mappings/issue.yaml": ISSUE})
    write(elsewhere, {"Mappings/other.yaml": "mapper: 1\nmodels:\n  Other:\n    properties:\n      x: strng\n"})
    expected = validate(project)
    async with started(project, cwd=elsewhere, folders=folders) as session:
        text = session.text("Mappings/issue.yaml")
        [diagnostic] = await session.diagnostics("Mappings/issue.yaml", count=1)
        assert shown(diagnostic) == lsp_view(expected[0], text)
        # Nothing of the folder the server was started in.
        await session.until(lambda: session.published("Mappings/issue.yaml") is not None)
        assert (elsewhere / "Mappings/other.yaml").resolve().as_uri() not in session.client.diagnostics
