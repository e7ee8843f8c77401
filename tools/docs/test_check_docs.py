#!/usr/bin/env python3
"""Tests of the manual's checker (tools/docs/check_docs.py): that it accepts what the conventions in
CONTRIBUTING.md allow and reports what they do not. Needs a mapper binary: MAPPER=PATH.

  MAPPER=.build/debug/mapper python3 -m unittest tools/docs/test_check_docs.py
"""

import os
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_docs  # noqa: E402

MAPPER = os.path.abspath(os.environ.get("MAPPER", ".build/debug/mapper"))


def check(page_text):
    """The problems check_docs finds on a page holding page_text (links, yaml and console blocks)."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "page.md")
        with open(path, "w", encoding="utf-8") as f:
            f.write(textwrap.dedent(page_text))
        failures = []
        check_docs.check_links(path, failures)
        for block in check_docs.blocks(path):
            if block.lang == "yaml":
                check_docs.check_yaml(block, MAPPER, failures)
            elif block.lang == "console":
                check_docs.check_console(block, MAPPER, failures)
        return failures


class OutputMatching(unittest.TestCase):
    def test_lines_must_match_exactly_but_for_trailing_spaces(self):
        self.assertTrue(check_docs.output_matches(["a", "b  "], ["a", "b", ""]))
        self.assertFalse(check_docs.output_matches(["a", "b"], ["a", "c"]))
        self.assertFalse(check_docs.output_matches(["a"], ["a", "b"]))

    def test_an_ellipsis_line_stands_for_any_number_of_lines(self):
        self.assertTrue(check_docs.output_matches(["...", "3 passed"], ["PASS x", "PASS y", "3 passed"]))
        self.assertTrue(check_docs.output_matches(["first", "...", "last"], ["first", "last"]))
        self.assertFalse(check_docs.output_matches(["...", "3 passed"], ["PASS x", "2 passed"]))

    def test_an_ellipsis_inside_a_line_stands_for_any_text(self):
        self.assertTrue(check_docs.line_matches('{"url":…,"id":1}', '{"url":"https://x","id":1}'))
        self.assertTrue(check_docs.line_matches("PASS ...", "PASS a test"))
        self.assertFalse(check_docs.line_matches('{"url":…,"id":1}', '{"url":"https://x","id":2}'))


class Anchors(unittest.TestCase):
    def test_github_style(self):
        self.assertEqual(check_docs.slug("Checking a change: `mapper compat`"), "checking-a-change-mapper-compat")
        self.assertEqual(check_docs.slug("Explaining a decode: `mapper decode --explain`"),
                         "explaining-a-decode-mapper-decode---explain")
        self.assertEqual(check_docs.slug("Merging, equality, archives"), "merging-equality-archives")


@unittest.skipUnless(os.path.exists(MAPPER), "needs MAPPER, a built mapper binary")
class Pages(unittest.TestCase):
    def test_a_mapping_that_loads_passes(self):
        self.assertEqual(check("""
            ```yaml
            mapper: 1
            models:
              User: { properties: { login: string } }
            ```
            """), [])

    def test_a_mapping_that_does_not_load_is_reported_with_its_diagnostic(self):
        failures = check("""
            ```yaml
            mapper: 1
            models:
              User: { properties: { login: strng } }
            ```
            """)
        self.assertEqual(len(failures), 1)
        self.assertIn("[unknown-type]", failures[0])

    def test_an_intended_error_must_give_its_code(self):
        page = """
            <!-- check: error CODE -->
            ```yaml
            mapper: 1
            models:
              User: { properties: { login: strng } }
            ```
            """
        self.assertEqual(check(page.replace("CODE", "unknown-type")), [])
        self.assertIn("expected the diagnostic [unknown-model]", check(page.replace("CODE", "unknown-model"))[0])

    def test_a_wrapped_models_fragment_loads(self):
        self.assertEqual(check("""
            <!-- check: wrap models -->
            ```yaml
            User: { properties: { login: string } }
            ```
            """), [])

    def test_console_output_is_compared(self):
        self.assertEqual(check("""
            ```console
            $ echo '{"login": "octocat"}' | mapper decode User --mappings docs/examples/tour/Mappings
            error: unknown model 'User'...
            ```
            """), [])
        failures = check("""
            ```console
            $ echo hello
            goodbye
            ```
            """)
        self.assertEqual(len(failures), 1)
        self.assertIn("printed", failures[0])

    def test_a_block_marked_as_a_file_must_be_that_file(self):
        text = open(os.path.join(check_docs.ROOT, "docs/examples/tour/Mappings/issues.yaml")).read()
        page = "<!-- check: file docs/examples/tour/Mappings/issues.yaml -->\n```yaml\n" + text + "```\n"
        self.assertEqual(check(page), [])
        failures = check(page.replace("color: string", "color: int"))
        self.assertEqual(len(failures), 1)
        self.assertIn("is not the text of", failures[0])

    def test_cd_changes_the_folder_of_the_next_commands(self):
        self.assertEqual(check("""
            ```console
            $ mkdir -p made && echo inside > made/note
            $ cd made
            $ cat note
            inside
            ```
            """), [])
        failures = check("""
            ```console
            $ cd nowhere
            ```
            """)
        self.assertEqual(len(failures), 1)
        self.assertIn("no such folder", failures[0])

    def test_a_skipped_block_is_not_run(self):
        self.assertEqual(check("""
            <!-- check: skip a server -->
            ```console
            $ echo hello
            goodbye
            ```
            """), [])

    def test_a_served_block_talks_to_a_running_server(self):
        page = """
            <!-- check: serve --mappings docs/examples/tour/Mappings -->
            ```console
            $ curl -s http://127.0.0.1:8080/healthz
            ANSWER
            ```
            """
        self.assertEqual(check(page.replace("ANSWER", '{"status":"ok"}')), [])
        self.assertEqual(len(check(page.replace("ANSWER", '{"status":"down"}'))), 1)

    def test_markers_stack_a_served_block_in_a_folder(self):
        page = """
            <!-- check: cwd docs/examples/tour -->
            <!-- check: serve --mappings Mappings -->
            ```console
            $ curl -s -X POST -d @issue.json -H "content-type: application/json" http://127.0.0.1:8080/v1/decode/Issue
            {"number":1347,"title":"Found a bug",…}
            ```
            """
        self.assertEqual(check(page), [])
        self.assertEqual(len(check(page.replace("1347", "1348"))), 1)

    def test_links_and_anchors_must_resolve(self):
        failures = check("""
            # Title

            [here](#title), [there](#nowhere), [a file](no-such-file.md), [web](https://example.org/x)
            """)
        self.assertEqual(len(failures), 2, failures)
        self.assertIn("#nowhere", failures[0])
        self.assertIn("no such file", failures[1])


if __name__ == "__main__":
    unittest.main()
