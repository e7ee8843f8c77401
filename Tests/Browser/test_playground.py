"""The playground in a real browser: Debian's chromium, driven by selenium, against `mapper playground`.

Each test types into the page as a user would, waits for what the server answers, and checks what
the page shows; a screenshot of each state goes to $BROWSER_TEST_OUTPUT (script/browser-test runs
this file; MAPPER names the built binary).
"""

import json
import os
import pathlib
import re
import subprocess
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

MAPPER = os.environ["MAPPER"]
OUTPUT = pathlib.Path(os.environ.get("BROWSER_TEST_OUTPUT", ".build/browser-test"))

MAPPING = """mapper: 1
models:
  Book:
    key_style: snake_case
    properties:
      title: { type: string, required: true }
      pageCount: int
      author: Author
  Author:
    properties:
      name: string
"""
INPUT = '{"title": "Dune", "page_count": 412, "author": {"name": "Frank Herbert"}}'
# What the mapping makes of INPUT: snake_case keys become the property names.
CANONICAL = {"title": "Dune", "pageCount": 412, "author": {"name": "Frank Herbert"}}


class PlaygroundTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        OUTPUT.mkdir(parents=True, exist_ok=True)
        cls.downloads = pathlib.Path(tempfile.mkdtemp(prefix="mapper-downloads-"))
        cls.server = subprocess.Popen(
            [MAPPER, "playground", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = cls.server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:\d+/playground", line)
        if not match:
            cls.server.kill()
            raise RuntimeError(f"mapper playground did not start: {line}{cls.server.stderr.read()}")
        cls.url = match.group(0)
        options = Options()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800",
                         "--force-device-scale-factor=1", "--disable-gpu"]:
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"download.default_directory": str(cls.downloads),
                                                  "download.prompt_for_download": False})
        cls.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        # The window's inner size, exactly: what a 1280×800 screen shows.
        cls.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        cls.driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(cls.downloads)})
        cls.driver.get(cls.url)
        cls.wait_until(lambda: json.loads(cls.editor_value("output") or "null") is not None, "the starting example maps")
        cls.driver.save_screenshot(str(OUTPUT / "0-start.png"))

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.terminate()
        cls.server.wait(timeout=20)

    # ------------------------------------------------------------------ helpers

    @classmethod
    def wait_until(cls, condition, what, timeout=10):
        try:
            # The page rebuilds lists as answers arrive: an element found a moment ago may be gone.
            return WebDriverWait(cls.driver, timeout, poll_frequency=0.05,
                                 ignored_exceptions=[StaleElementReferenceException]).until(lambda _: condition())
        except TimeoutException as error:
            cls.driver.save_screenshot(str(OUTPUT / "failure.png"))
            raise AssertionError(f"timed out waiting until {what}; the page is in failure.png") from error

    @classmethod
    def editor_value(cls, pane):
        return cls.driver.execute_script(f"return document.querySelector('#{pane} .CodeMirror').CodeMirror.getValue()")

    def type_into(self, pane, text):
        """Clicks into an editor, selects everything and types `text` over it, line by line: after
        each Enter the editor indents by itself, so the line's own indentation replaces that."""
        self.driver.find_element(By.CSS_SELECTOR, f"#{pane} .CodeMirror").click()
        actions = ActionChains(self.driver)
        actions.key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys(Keys.DELETE)
        for index, line in enumerate(text.rstrip("\n").split("\n")):
            if index:
                actions.send_keys(Keys.ENTER).key_down(Keys.SHIFT).send_keys(Keys.HOME).key_up(Keys.SHIFT)
            actions.send_keys(line if line else Keys.DELETE)
        actions.perform()
        self.wait_until(lambda: self.editor_value(pane) == text.rstrip("\n"), f"the {pane} editor holds what was typed")

    def put_cursor(self, pane, line, ch):
        self.driver.execute_script(
            f"const cm = document.querySelector('#{pane} .CodeMirror').CodeMirror; cm.focus(); cm.setCursor({line - 1}, {ch});")

    def output(self):
        return self.editor_value("output")

    def wait_for_output(self, expected):
        def parsed():
            try:
                return json.loads(self.output()) == expected
            except ValueError:
                return False
        self.wait_until(parsed, f"the output is {expected}")

    def problems(self):
        return [item.text for item in self.driver.find_elements(By.CSS_SELECTOR, "#problems li")]

    def screenshot(self, name):
        self.driver.save_screenshot(str(OUTPUT / f"{name}.png"))

    def start_over(self):
        """The tested mapping and input, mapped."""
        if self.editor_value("yaml") != MAPPING.rstrip("\n"):
            self.type_into("yaml", MAPPING)
        if self.editor_value("input") != INPUT:
            self.type_into("input", INPUT)
        Select(self.driver.find_element(By.ID, "model")).select_by_value("Book")
        self.wait_for_output(CANONICAL)

    # ------------------------------------------------------------------ the tests

    def test_1_typing_a_mapping_and_an_input_shows_the_output(self):
        self.type_into("yaml", MAPPING)
        self.type_into("input", INPUT)
        self.wait_until(lambda: Select(self.driver.find_element(By.ID, "model")).first_selected_option.text == "Book",
                        "the first model is picked")
        self.wait_for_output(CANONICAL)
        self.assertIn("✓ Book", self.driver.find_element(By.ID, "status").text)
        self.assertEqual(self.problems(), ["No problems: the mapping loads and the input maps."])
        # Everything the page loaded came from this server: it works offline.
        origins = self.driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => new URL(e.name).origin)")
        self.assertEqual(set(origins), {self.url.rsplit("/playground", 1)[0]})
        self.screenshot("1-output")

    def test_2_a_typo_puts_a_marker_on_its_line(self):
        self.start_over()
        # Line 7 is `      pageCount: int`: make the type `itn`.
        self.put_cursor("yaml", 7, len("      pageCount: int"))
        ActionChains(self.driver).send_keys(Keys.BACKSPACE * 2, "tn").perform()
        markers = lambda: self.driver.find_elements(By.CSS_SELECTOR, "#yaml .CodeMirror-lint-marker-error")
        self.wait_until(lambda: len(markers()) == 1, "one error marker is in the gutter")
        line = markers()[0].find_element(By.XPATH, "ancestor::div[contains(@class, 'CodeMirror-gutter-wrapper')]") \
            .find_element(By.CSS_SELECTOR, ".CodeMirror-linenumber").text
        self.assertEqual(line, "7")
        underlined = self.driver.find_elements(By.CSS_SELECTOR, "#yaml .CodeMirror-lint-mark-error")
        self.assertEqual([mark.text for mark in underlined], ["itn"])
        problems = self.problems()
        self.assertEqual(len(problems), 1)
        self.assertIn("playground.yaml:7:18", problems[0])
        self.assertIn("unknown type 'itn'", problems[0])
        self.assertIn("did you mean 'int'?", problems[0])
        self.assertEqual(self.output(), "")
        self.assertIn("No output: the mapping does not load", self.driver.find_element(By.ID, "output-note").text)
        # The tooltip says the same on hover.
        ActionChains(self.driver).move_to_element(markers()[0]).perform()
        self.wait_until(lambda: "did you mean 'int'?" in "".join(
            tip.text for tip in self.driver.find_elements(By.CSS_SELECTOR, ".CodeMirror-lint-tooltip")), "the tooltip shows")
        self.screenshot("2-typo")
        ActionChains(self.driver).send_keys(Keys.BACKSPACE * 2, "nt").perform()
        self.wait_for_output(CANONICAL)
        self.wait_until(lambda: not markers(), "the marker goes away once fixed")

    def test_3_a_data_error_highlights_its_input_span(self):
        self.start_over()
        self.type_into("input", '{\n  "title": "Dune",\n  "page_count": "many"\n}')
        marks = lambda: self.driver.find_elements(By.CSS_SELECTOR, "#input .CodeMirror-lint-mark-error")
        self.wait_until(lambda: [mark.text for mark in marks()] == ['"many"'], 'the input\'s "many" is highlighted')
        line = marks()[0].find_element(By.XPATH, "ancestor::pre[contains(@class, 'CodeMirror-line')]/..") \
            .find_element(By.CSS_SELECTOR, ".CodeMirror-linenumber").text
        self.assertEqual(line, "3")
        problems = self.problems()
        self.assertEqual(len(problems), 1)
        self.assertIn("input /page_count (Book.pageCount)", problems[0])
        self.assertIn('expected an integer, found "many"', problems[0])
        self.assertIn("[type-mismatch]", problems[0])
        self.assertTrue(self.driver.find_element(By.ID, "save").get_attribute("disabled"))
        self.screenshot("3-data-error")

    def test_4_the_model_picker_lists_the_models(self):
        self.start_over()
        self.type_into("yaml", MAPPING + "  Review:\n    properties:\n      stars: int\n")
        picker = lambda: [option.text for option in Select(self.driver.find_element(By.ID, "model")).options]
        self.wait_until(lambda: picker() == ["Book", "Author", "Review", "By route (URL)…"], "the picker lists the three models")
        Select(self.driver.find_element(By.ID, "model")).select_by_visible_text("Author")
        # Author maps `name` only, and the input has none at its top level.
        self.wait_for_output({})
        self.screenshot("4-models")
        self.type_into("yaml", MAPPING)

    def test_5_save_as_golden_test_makes_a_test_mapper_passes(self):
        self.start_over()
        self.driver.find_element(By.ID, "save").click()
        saved = self.downloads / "Book.test.yaml"
        self.wait_until(saved.exists, "Book.test.yaml is downloaded")
        catalog = pathlib.Path(tempfile.mkdtemp(prefix="mapper-saved-"))
        (catalog / "playground.yaml").write_text(self.editor_value("yaml"))
        run = subprocess.run([MAPPER, "test", "--mappings", str(catalog), str(saved)], capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn("1 passed, 0 failed", run.stdout)

    def test_6_the_graph_shows_the_models(self):
        self.start_over()
        self.driver.find_element(By.ID, "tab-graph").click()
        titles = lambda: [t.get_attribute("textContent") for t in self.driver.find_elements(By.CSS_SELECTOR, "#graph-picture svg title")]
        self.wait_until(lambda: "model:Book" in titles(), "the graph is drawn")
        self.assertIn("model:Author", titles())
        # Graphviz titles an edge `tail[:port]->head`.
        self.assertTrue(any(re.fullmatch(r"model:Book(:\w+)*->model:Author", title) for title in titles()), titles())
        self.screenshot("6-graph")
        self.driver.find_element(By.ID, "tab-output").click()

    def test_7_encode_starts_from_the_output(self):
        self.start_over()
        self.driver.find_element(By.ID, "encode").click()
        self.wait_until(lambda: json.loads(self.editor_value("input")) == CANONICAL, "the input is the decoded output")
        self.wait_for_output({"title": "Dune", "page_count": 412, "author": {"name": "Frank Herbert"}})
        self.assertEqual(self.driver.find_element(By.ID, "input-kind").text, "canonical JSON")
        self.screenshot("7-encode")
        self.driver.find_element(By.ID, "decode").click()
        self.wait_for_output(CANONICAL)


if __name__ == "__main__":
    unittest.main(verbosity=2)
