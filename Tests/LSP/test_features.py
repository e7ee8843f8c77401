"""Completion, hover, navigation and quick fixes, asked by a real client on a real catalog."""

import pytest
from lsprotocol import types

from conftest import position_of, started, write

CATALOG = {
    "Mappings/github.yaml": """
    mapper: 1
    formats:
      github_time: { date: "yyyy-MM-dd'T'HH:mm:ss'Z'", locale: en_US_POSIX, time_zone: UTC }
    enums:
      IssueState:
        doc: Whether an issue is open.
        cases: { open: open, closed: closed }
    models:
      User:
        doc: A GitHub account.
        key_style: snake_case
        properties:
          login: string
          siteAdmin: bool
      Issue:
        properties:
          id: int
          title: { type: string, max_length: 256 }
          state: { type: IssueState, default: open }
          user: User
          created: { type: date, format: github_time }
          label: { type: string, decode: "self.title + input.title" }
    """,
    "Mappings/more.yaml": """
    mapper: 1
    models:
      Admin:
        extends: User
        properties:
          reviewers: "[User]"
    routes:
      paths:
        /users/*: User
    """,
}


def labels(result) -> list[str]:
    items = result.items if hasattr(result, "items") else result
    return [item.label for item in items]


async def complete(session, name, text, position):
    return await session.client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=session.uri(name)), position=position)
    )


def end_of(text: str, needle: str) -> types.Position:
    start = position_of(text, needle)
    return types.Position(line=start.line, character=start.character + len(needle))


@pytest.mark.asyncio
async def test_completion_offers_what_the_place_takes(workspace):
    write(workspace, CATALOG)
    async with started(workspace) as session:
        text = session.open(
            "Mappings/new.yaml",
            """
            mapper: 1
            models:
              Repo:
                ke
                properties:
                  owner: 
                  full: { type: string, for
                  state: { type: IssueState, default: 
                  mood: { type: string, on_error: 
                  name: { type: string, decode: "self.
                  raw: { type: string, decode: "input.
                  any: { type: string, decode: "si
                extends: 
                variants:
                  when:
                    - model: 
            """,
        )
        # A model's keys, from the compiler's own table.
        keys = labels(await complete(session, "Mappings/new.yaml", text, end_of(text, "    ke")))
        assert {"doc", "extends", "key_style", "unknown_keys", "properties", "variants", "rules"} <= set(keys)
        assert "type" not in keys
        # Types: built-ins, the catalog's models and enums (from another file), [T] and [string: T].
        types_ = labels(await complete(session, "Mappings/new.yaml", text, end_of(text, "owner: ")))
        assert {"string", "int", "date", "any", "User", "Issue", "Admin", "IssueState", "[T]", "[string: T]"} <= set(types_)
        # The catalog's names come without their docs; resolving an item gives its doc.
        result = await complete(session, "Mappings/new.yaml", text, end_of(text, "owner: "))
        items = {item.label: item for item in (result.items if hasattr(result, "items") else result)}
        resolved = {
            label: (await session.client.completion_item_resolve_async(items[label])).detail
            for label in ["User", "IssueState", "Issue"]
        }
        assert resolved == {"User": "A GitHub account.", "IssueState": "Whether an issue is open.", "Issue": "model"}
        # A property's keys inside a flow mapping.
        property_keys = labels(await complete(session, "Mappings/new.yaml", text, end_of(text, "type: string, for")))
        assert {"format", "key", "required", "default", "min_length"} <= set(property_keys)
        # An enum property's default: its cases.
        assert labels(await complete(session, "Mappings/new.yaml", text, end_of(text, "default: "))) == ["open", "closed"]
        assert labels(await complete(session, "Mappings/new.yaml", text, end_of(text, "on_error: "))) == [
            "fail", "null", "default", "drop"
        ]
        # Model names after extends and in variants.
        for needle in ["extends: ", "- model: "]:
            assert set(labels(await complete(session, "Mappings/new.yaml", text, end_of(text, needle)))) >= {"User", "Issue", "Admin"}
        # Inside CEL: the model's properties after self., CEL functions elsewhere.
        members = labels(await complete(session, "Mappings/new.yaml", text, end_of(text, '"self.')))
        assert {"owner", "full", "state", "name", "raw"} <= set(members)
        functions = labels(await complete(session, "Mappings/new.yaml", text, end_of(text, '"si')))
        assert {"size", "startsWith", "self", "input"} <= set(functions)


@pytest.mark.asyncio
async def test_a_large_catalog_completes_the_word_being_typed(workspace):
    # 300 models: more than one answer holds, so the list narrows to the word and says it is incomplete.
    names = [f"Model{n:04d}" for n in range(300)] + ["Walrus"]
    models = "".join(f"  {name}:\n    properties:\n      id: int\n" for name in names)
    write(workspace, {"Mappings/many.yaml": "mapper: 1\nmodels:\n" + models})
    async with started(workspace) as session:
        text = session.open("Mappings/new.yaml", "mapper: 1\nmodels:\n  A:\n    properties:\n      b: \n      c: Model02\n      d: wlrs\n")
        everything = await complete(session, "Mappings/new.yaml", text, end_of(text, "b: "))
        assert everything.is_incomplete
        assert {"string", "int", "date"} <= set(labels(everything)) and len(labels(everything)) < len(names)
        # The names that start with the word, all of them; then the ones holding its letters in order.
        typed = labels(await complete(session, "Mappings/new.yaml", text, end_of(text, "c: Model02")))
        assert set(typed[:100]) == {f"Model{n:04d}" for n in range(200, 300)}
        assert "Model0012" in typed[100:] and "Model0100" not in typed
        assert "Walrus" in labels(await complete(session, "Mappings/new.yaml", text, end_of(text, "d: wlrs")))
        # A small list is whole: the editor filters it as the word grows.
        small = await complete(session, "Mappings/new.yaml", text, end_of(text, "    pro"))
        assert not small.is_incomplete and "properties" in labels(small)


@pytest.mark.asyncio
async def test_input_members_are_the_json_keys_of_a_loaded_model(workspace):
    write(workspace, CATALOG)
    async with started(workspace) as session:
        await session.until(lambda: session.published("Mappings/github.yaml") in (None, []))
        text = session.open(
            "Mappings/github.yaml",
            session.text("Mappings/github.yaml").replace("      login: string\n", "      login: string\n      x: { type: string, decode: \"input.\" }\n", 1),
        )
        members = labels(await complete(session, "Mappings/github.yaml", text, end_of(text, '"input.')))
        # User's key_style is snake_case: siteAdmin is read from site_admin.
        assert "site_admin" in members and "login" in members


@pytest.mark.asyncio
async def test_format_and_key_style_values(workspace):
    write(workspace, CATALOG)
    async with started(workspace) as session:
        text = session.open("Mappings/x.yaml", "mapper: 1\ndefaults:\n  key_style: \nmodels:\n  X:\n    properties:\n      at: { type: date, format: \n")
        styles = labels(await complete(session, "Mappings/x.yaml", text, end_of(text, "key_style: ")))
        assert styles == ["as_is", "snake_case", "camelCase", "PascalCase", "kebab-case", "SCREAMING_SNAKE_CASE"]
        formats = labels(await complete(session, "Mappings/x.yaml", text, end_of(text, "format: ")))
        assert {"iso8601", "unix", "unix_ms", "github_time"} <= set(formats)


async def hover_text(session, name, position) -> str | None:
    result = await session.client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=session.uri(name)), position=position)
    )
    return None if result is None else result.contents.value


@pytest.mark.asyncio
async def test_hover_explains_models_properties_enums_formats_keys_and_functions(workspace):
    write(workspace, CATALOG)
    async with started(workspace) as session:
        text = session.text("Mappings/github.yaml")
        model = await hover_text(session, "Mappings/github.yaml", position_of(text, "User", 1))
        assert "A GitHub account." in model and "`site_admin`" in model and "`siteAdmin`" in model
        prop = await hover_text(session, "Mappings/github.yaml", position_of(text, "title:"))
        assert "Issue.title" in prop and "`string`" in prop
        enum = await hover_text(session, "Mappings/github.yaml", position_of(text, "IssueState", 1))
        assert "Whether an issue is open." in enum and "`open`" in enum and "`closed`" in enum
        fmt = await hover_text(session, "Mappings/github.yaml", position_of(text, "github_time", 1))
        # The sample is 1,700,000,000 seconds after 1970 written with the pattern.
        assert "yyyy-MM-dd'T'HH:mm:ss'Z'" in fmt and "2023-11-14T22:13:20Z`" in fmt
        key = await hover_text(session, "Mappings/github.yaml", position_of(text, "key_style"))
        assert key.startswith("**key_style**")
        other = session.text("Mappings/more.yaml")
        inherited = await hover_text(session, "Mappings/more.yaml", position_of(other, "User", 1))
        assert "A GitHub account." in inherited
        fn_text = session.open("Mappings/fn.yaml", 'mapper: 1\nmodels:\n  F:\n    properties:\n      n: { type: int, decode: "size(self.m)" }\n      m: string\n')
        fn = await hover_text(session, "Mappings/fn.yaml", position_of(fn_text, "ize"))
        assert "size" in fn and "-> int" in fn


@pytest.mark.asyncio
async def test_definition_and_references_cross_files(workspace):
    write(workspace, CATALOG)
    async with started(workspace) as session:
        more = session.text("Mappings/more.yaml")
        github = session.text("Mappings/github.yaml")
        [definition] = await session.client.text_document_definition_async(
            types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=session.uri("Mappings/more.yaml")), position=position_of(more, "User"))
        )
        assert definition.uri == session.uri("Mappings/github.yaml")
        assert definition.range.start == position_of(github, "User:")
        references = await session.client.text_document_references_async(
            types.ReferenceParams(
                text_document=types.TextDocumentIdentifier(uri=session.uri("Mappings/github.yaml")),
                position=position_of(github, "User:"),
                context=types.ReferenceContext(include_declaration=False),
            )
        )
        found = sorted((r.uri.rsplit("/", 1)[1], r.range.start.line, r.range.start.character) for r in references)
        expected = sorted(
            [("github.yaml", position_of(github, "User", 1).line, position_of(github, "User", 1).character)]
            + [("more.yaml", p.line, p.character) for p in (position_of(more, "User", i) for i in range(3))]
        )
        assert found == expected
        # self.title in an expression goes to the property.
        [title] = await session.client.text_document_definition_async(
            types.DefinitionParams(
                text_document=types.TextDocumentIdentifier(uri=session.uri("Mappings/github.yaml")),
                position=end_of(github, "self.t"),
            )
        )
        assert title.range.start == position_of(github, "title:")


@pytest.mark.asyncio
async def test_a_did_you_mean_is_a_quick_fix(workspace):
    write(workspace, {"Mappings/issue.yaml": "mapper: 1\nmodels:\n  User:\n    properties: { id: int }\n  Issue:\n    properties:\n      id: itn\n      users: \"[Usr]\"\n"})
    async with started(workspace) as session:
        text = session.open("Mappings/issue.yaml")
        diagnostics = await session.diagnostics("Mappings/issue.yaml", count=2)
        actions = await session.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=session.uri("Mappings/issue.yaml")),
                range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=8, character=0)),
                context=types.CodeActionContext(diagnostics=diagnostics),
            )
        )
        edits = sorted(
            (edit.range.start.line, edit.range.start.character, edit.range.end.character, edit.new_text)
            for action in actions
            for edit in action.edit.changes[session.uri("Mappings/issue.yaml")]
        )
        itn, usr = position_of(text, "itn"), position_of(text, "Usr")
        assert edits == sorted([(itn.line, itn.character, itn.character + 3, "int"), (usr.line, usr.character, usr.character + 3, "User")])
        assert {action.title for action in actions} == {"Change to 'int'", "Change to 'User'"}
        # Applying them (as an editor does) leaves a catalog without errors.
        for action in actions:
            for edit in action.edit.changes[session.uri("Mappings/issue.yaml")]:
                session.change("Mappings/issue.yaml", edit.range.start, edit.range.end, edit.new_text, 3)
        await session.diagnostics("Mappings/issue.yaml", count=0)


@pytest.mark.asyncio
async def test_positions_outside_the_document(workspace):
    write(workspace, CATALOG)
    async with started(workspace) as session:
        name = "Mappings/github.yaml"
        text = session.open(name)
        far = types.Position(line=10_000, character=5)
        assert await hover_text(session, name, far) is None
        assert labels(await complete(session, name, "", far)) == []
        # A column past the end of a line is its end: the value `snake_case`, which has nothing to show.
        line = position_of(text, "key_style").line
        assert (await hover_text(session, name, types.Position(line=line, character=10_000))) is None
        beyond = await session.client.text_document_definition_async(
            types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=session.uri(name)), position=far)
        )
        assert beyond is None


@pytest.mark.asyncio
async def test_outline_and_workspace_symbols(workspace):
    write(workspace, CATALOG)
    async with started(workspace) as session:
        symbols = await session.client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=session.uri("Mappings/github.yaml")))
        )
        outline = {(s.name, s.kind): sorted(c.name for c in (s.children or [])) for s in symbols}
        assert outline == {
            ("github_time", types.SymbolKind.Constant): [],
            ("IssueState", types.SymbolKind.Enum): ["closed", "open"],
            ("User", types.SymbolKind.Class): ["login", "siteAdmin"],
            ("Issue", types.SymbolKind.Class): ["created", "id", "label", "state", "title", "user"],
        }
        found = await session.client.workspace_symbol_async(types.WorkspaceSymbolParams(query="ad"))
        assert sorted((s.name, s.location.uri.rsplit("/", 1)[1]) for s in found) == [("Admin", "more.yaml")]


@pytest.mark.asyncio
async def test_rename_a_model_across_files_and_golden_tests(workspace):
    write(workspace, CATALOG)
    write(workspace, {"users.test.yaml": "tests:\n  - name: a user\n    model: User\n    input: {login: a}\n    expect: {login: a}\n"})
    async with started(workspace) as session:
        github = session.text("Mappings/github.yaml")
        edit = await session.client.text_document_rename_async(
            types.RenameParams(
                text_document=types.TextDocumentIdentifier(uri=session.uri("Mappings/github.yaml")),
                position=position_of(github, "User:"),
                new_name="Account",
            )
        )
        # Applying the edit to the texts must leave no 'User' and one 'Account' per former 'User'.
        for name in ["Mappings/github.yaml", "Mappings/more.yaml", "users.test.yaml"]:
            text = session.text(name)
            lines = text.split("\n")
            for change in sorted(edit.changes[session.uri(name)], key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
                line = lines[change.range.start.line]
                assert line[change.range.start.character : change.range.end.character] == "User"
                lines[change.range.start.line] = line[: change.range.start.character] + change.new_text + line[change.range.end.character :]
            renamed = "\n".join(lines)
            assert "User" not in renamed.replace("GitHub account", "") and renamed.count("Account") >= text.count("User")


@pytest.mark.asyncio
async def test_rename_refuses_a_bad_or_taken_name(workspace):
    write(workspace, CATALOG)
    async with started(workspace) as session:
        github = session.text("Mappings/github.yaml")
        for new_name in ["issue-state", "Issue"]:
            with pytest.raises(Exception) as refused:
                await session.client.text_document_rename_async(
                    types.RenameParams(
                        text_document=types.TextDocumentIdentifier(uri=session.uri("Mappings/github.yaml")),
                        position=position_of(github, "User:"),
                        new_name=new_name,
                    )
                )
            assert "valid name" in str(refused.value) or "already taken" in str(refused.value)


@pytest.mark.asyncio
async def test_a_code_lens_runs_a_models_golden_tests_and_reports_failures_in_the_test_file(workspace):
    write(workspace, CATALOG)
    write(
        workspace,
        {
            "users.test.yaml": """
            tests:
              - name: passes
                model: User
                input: { login: a, site_admin: true }
                expect: { login: a, siteAdmin: true }
              - name: fails
                model: User
                input: { login: a }
                expect: { login: b }
            """
        },
    )
    async with started(workspace) as session:
        lenses = await session.client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=session.uri("Mappings/github.yaml")))
        )
        assert [(lens.command.title, list(lens.command.arguments)) for lens in lenses] == [("run 2 golden tests", ["User"])]
        github = session.text("Mappings/github.yaml")
        assert lenses[0].range.start == position_of(github, "User:")
        result = await session.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=lenses[0].command.command, arguments=lenses[0].command.arguments)
        )
        assert result == {"passed": 1, "failed": 1}
        [failure] = await session.diagnostics("users.test.yaml", count=1)
        text = session.text("users.test.yaml")
        assert failure.range.start.line == position_of(text, "name: fails").line
        assert failure.message.startswith("fails")
