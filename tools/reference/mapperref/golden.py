"""Checking the committed golden tests against the reference.

Every `*.test.yaml` under the given folder is read; each test runs against the catalog the README's
rule gives it (the nearest folder above the test file that holds its own `Mappings/`, else the
default `Mappings/` of the repository), and the reference computes the result itself:
- decode, merge, archive and unarchive results (canonical JSON) are compared with the committed
  `expect` as JSON values (numbers by value, objects unordered) and as text (key order and number
  spelling): an expectation file must hold the reference's canonical text, pretty or compact, with
  a final newline; an inline expectation must have the same compact text;
- encode and diff results are compared as JSON values (the external key order is not specified);
- with `roundtrip: true`, the reference also checks decode(encode(decode(input))) == decode(input);
- for `expect_error` the reference must reject the input with an error at the same pointer (with
  the same code and model path when the test names them, and for malformed JSON at the same line
  and column); a test that names none of these can only check that the input is rejected;
- `expect_warnings` (decode): the reference must let through exactly as many values by `on_error`,
  in the same order, with the pointer, code and path each entry gives.
Tests the reference cannot check are listed as not checked, with the reason: among them every test
whose catalog uses CEL expressions (`decode`, `encode`, `default: {expr}`, `rules`, a variant's `if`),
which the reference does not implement.
"""
import os
import re

from .archive import archive, unarchive
from .catalog import CatalogError, load_catalog
from .decode import Decoder
from .encode import Encoder
from .equality import diff
from .errors import MappingErrors
from .instants import parse_iso8601
from .jsonparse import JSONError, parse_json
from .jsonvalue import json_equal
from .jsonwrite import write_json
from .merge import merge
from .yamlload import YAMLError, load_yaml_file, to_json

IMPLEMENTED = ('decode', 'encode', 'merge', 'diff', 'archive', 'unarchive')
CANONICAL_RESULTS = ('decode', 'merge', 'archive', 'unarchive')  # whose text the README fixes


EXPRESSIONS = object()  # a catalog using CEL expressions: its tests are not checked


def uses_expressions(path):
    """Whether a mapping file, or any under a folder, uses CEL expressions: a property with `decode`,
    `encode` or `default: {expr: ...}`, a model with `rules`, a variant `when` entry with `if`, or a
    file with `functions` or `tables` (which only expressions use)."""
    files = []
    if os.path.isdir(path):
        for directory, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith('.'))
            files += [os.path.join(directory, name) for name in sorted(names) if name.endswith(('.yaml', '.yml'))]
    elif os.path.isfile(path):
        files = [path]
    for file in files:
        try:
            document = load_yaml_file(file)
        except (YAMLError, OSError):
            continue
        if isinstance(document, dict) and ('functions' in document or 'tables' in document):
            return True  # functions and tables are called from CEL expressions
        models = document.get('models') if isinstance(document, dict) else None
        if not isinstance(models, dict):
            continue
        for model in models.values():
            if not isinstance(model, dict):
                continue
            if 'rules' in model:
                return True
            variants = model.get('variants')
            if isinstance(variants, dict) and any(isinstance(entry, dict) and 'if' in entry for entry in variants.get('when') or []):
                return True
            for prop in (model.get('properties') or {}).values():
                if not isinstance(prop, dict):
                    continue
                default = prop.get('default')
                if 'decode' in prop or 'encode' in prop or (isinstance(default, dict) and list(default) == ['expr']):
                    return True
    return False


class Outcome:
    def __init__(self, file, name, status, detail=''):
        self.file, self.name, self.status, self.detail = file, name, status, detail


class Rejected(Exception):
    """The reference refused an input: every error it found."""

    def __init__(self, errors):
        self.errors = errors
        super().__init__('; '.join(map(repr, errors)))


def test_files(root):
    found = []
    for directory, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith('.'))
        found += [os.path.join(directory, name) for name in names if name.endswith('.test.yaml')]
    return sorted(found)


def catalog_path(test_file, root, default):
    """The catalog of a golden test: the nearest folder at or below `root` holding `Mappings/`."""
    directory = os.path.dirname(os.path.abspath(test_file))
    top = os.path.abspath(root)
    while directory.startswith(top):
        if os.path.isdir(os.path.join(directory, 'Mappings')):
            return os.path.join(directory, 'Mappings')
        if directory == top:
            break
        directory = os.path.dirname(directory)
    return default


class Checker:
    def __init__(self, root, default_catalog, repository):
        self.root = root
        self.default = default_catalog
        self.repository = repository
        self.catalogs = {}

    def catalog(self, path):
        if path not in self.catalogs:
            if uses_expressions(path):
                self.catalogs[path] = EXPRESSIONS
                return EXPRESSIONS
            try:
                self.catalogs[path] = load_catalog([path])
            except CatalogError as error:
                self.catalogs[path] = error
        return self.catalogs[path]

    def run(self):
        outcomes = []
        for test_file in test_files(self.root):
            shown = os.path.relpath(test_file, self.repository)
            try:
                document = load_yaml_file(test_file, shown)
            except YAMLError as error:
                outcomes.append(Outcome(shown, '(file)', 'disagree', f'cannot read the test file: {error}'))
                continue
            catalog = self.catalog(catalog_path(test_file, self.root, self.default))
            for test in document.get('tests') or []:
                outcomes.append(self.check(test, test_file, shown, catalog))
        return outcomes

    def check(self, test, test_file, shown, catalog):
        name = test.get('name', '(unnamed)')
        operation = test.get('operation', 'decode')
        if operation not in IMPLEMENTED:
            return Outcome(shown, name, 'not checked', f'operation {operation}: not implemented by the reference')
        if 'expect' not in test and 'expect_error' not in test:
            return Outcome(shown, name, 'not checked', 'no expect or expect_error')
        if catalog is EXPRESSIONS:
            return Outcome(shown, name, 'not checked', 'expressions: the catalog uses CEL expressions, which the reference does not implement')
        if isinstance(catalog, CatalogError):
            return Outcome(shown, name, 'disagree', f'the reference cannot load the catalog: {catalog}')
        base = os.path.dirname(test_file)
        try:
            result = self.run_operation(test, operation, base, catalog)
        except Rejected as rejection:
            if 'expect_error' in test:
                return self.compare_error(shown, name, test['expect_error'], rejection.errors)
            return Outcome(shown, name, 'disagree', f'the reference rejects the input: {rejection}')
        if 'expect_error' in test:
            return Outcome(shown, name, 'disagree', f'the reference accepts the input and gives {write_json(result, pretty=False)[:300]}')
        problems = compare(result, test['expect'], base, text=operation in CANONICAL_RESULTS)
        if not problems and 'expect_warnings' in test:
            problems = compare_warnings(test['expect_warnings'], self.warnings)
        if not problems and operation == 'decode' and test.get('roundtrip') is True:
            problems = self.roundtrip(test, catalog, result)
        if problems:
            return Outcome(shown, name, 'disagree', problems)
        return Outcome(shown, name, 'agree', operation)

    def run_operation(self, test, operation, base, catalog):
        self.warnings = []  # what on_error let through, for `expect_warnings` (decode only)
        try:
            if operation == 'unarchive':
                return unarchive(catalog, read_input(test.get('input'), base))
            model = self.model(test, catalog)
            if operation == 'merge':
                return merge(catalog, model, read_input(test.get('target'), base), read_input(test.get('source'), base),
                             partial=test.get('partial') is True)
            value = read_input(test.get('input'), base)
            if operation == 'decode':
                now = test.get('now')
                decoder = Decoder(catalog, now=None if now is None else parse_iso8601(now), partial=test.get('partial') is True)
                result = decoder.document(value, model)
                self.warnings = decoder.warnings
                return result
            if operation == 'diff':
                return diff(catalog, model, value, read_input(test.get('other'), base))
            if operation == 'archive':
                return archive(catalog, model, value)
            # `omit`: the run's; `partial: true`: a partial document (PATCH)
            return Encoder(catalog, omit=test.get('omit'), partial=test.get('partial') is True).document(value, model)
        except MappingErrors as errors:
            raise Rejected(errors.errors) from None

    def model(self, test, catalog):
        if 'model' in test:
            model = catalog.model(test['model'])
            if model is None:
                raise Rejected([_Error('', 'unknown-model', f"unknown model '{test['model']}'")])
            return model
        found = catalog.routes.match(test['route'], test.get('method'), _number(test.get('status')))
        if found is None:
            raise Rejected([_Error('', 'invalid-input', f"no route matches '{test['route']}'")])
        return catalog.model(found[0])

    def roundtrip(self, test, catalog, decoded):
        model = self.model(test, catalog)
        now = test.get('now')
        try:
            external = Encoder(catalog).document(decoded, model)
            again = Decoder(catalog, now=None if now is None else parse_iso8601(now)).document(external, model)
        except MappingErrors as errors:
            return f'the reference round trip fails: {errors}'
        if write_json(again) != write_json(decoded):
            return 'the reference round trip changes the value: ' + first_difference(again, decoded)
        return ''

    def compare_error(self, shown, name, expected, errors):
        wanted = {key: expected[key] for key in ('pointer', 'code', 'path') if key in expected}
        for error in errors:
            if all(getattr(error, key) == value for key, value in wanted.items()) and _same_position(expected, error):
                return Outcome(shown, name, 'agree', 'expect_error' if wanted else 'expect_error without pointer, code or path (rejection only)')
        listed = '; '.join(f'{e.pointer or "/"} [{e.code}] {e.message}' for e in errors[:5])
        return Outcome(shown, name, 'disagree', f'expected an error {wanted}, the reference reports: {listed}')


class _Error:
    def __init__(self, pointer, code, message, path=''):
        self.pointer, self.code, self.message, self.path = pointer, code, message, path

    def __repr__(self):
        return self.message


def compare_warnings(expected, warnings):
    """`expect_warnings`: exactly these warnings in this order, each with the pointer, code and
    path the test gives (the message is mapper's own wording, not checked here)."""
    listed = '; '.join(f'{w.pointer or "/"} [{w.code}] {w.message}' for w in warnings[:5]) or 'none'
    if not isinstance(expected, list) or len(expected) != len(warnings):
        count = len(expected) if isinstance(expected, list) else expected
        return f'expected {count} warnings, the reference gives {len(warnings)}: {listed}'
    for wanted, warning in zip(expected, warnings):
        for key in ('pointer', 'code', 'path'):
            if key in wanted and getattr(warning, key) != wanted[key]:
                return f'expected a warning with {key} {wanted[key]}, the reference gives: {listed}'
    return ''


def _number(value):
    return None if value is None else int(value.text if hasattr(value, 'text') else value)


def _same_position(expected, error):
    """For malformed JSON, `line N, column M` in the expected message must be the reference's too."""
    match = re.search(r'line (\d+), column (\d+)', str(expected.get('contains', '')))
    if not match:
        return True
    return getattr(error, 'line', None) == int(match.group(1)) and getattr(error, 'column', None) == int(match.group(2))


def read_input(value, base):
    """A string is a path relative to the test file (read as strict JSON); anything else is inline."""
    if isinstance(value, str):
        with open(os.path.join(base, value), 'rb') as handle:
            data = handle.read()
        try:
            return parse_json(data)
        except JSONError as error:
            raise Rejected([_json_error(error)]) from None
    return to_json(value)


def _json_error(error):
    wrapped = _Error(error.pointer, 'invalid-json', str(error))
    wrapped.line, wrapped.column = error.line, error.column
    return wrapped


def compare(result, expect, base, text):
    """'' when the reference's result is the expectation, else what differs.

    With `text` (canonical JSON, whose spelling the README fixes) the text must be the same too: an
    expectation file must hold exactly the reference's canonical text, pretty or compact, with a
    final newline; an inline expectation the same key order and number spelling.
    """
    if isinstance(expect, str):
        with open(os.path.join(base, expect), encoding='utf-8') as handle:
            written = handle.read()
        expected = parse_json(written)
        texts = (write_json(result) + '\n', write_json(result, pretty=False) + '\n')
    else:
        expected = to_json(expect)
        written, texts = write_json(expected, pretty=False), (write_json(result, pretty=False),)
    if not json_equal(result, expected):
        return 'values differ: ' + first_difference(result, expected)
    if text and written not in texts:
        difference = first_difference(result, expected, strict=True)
        return 'same JSON value, different text: ' + (difference or 'white space (not canonical pretty or compact text)')
    return ''


def first_difference(got, wanted, pointer='', strict=False):
    """Where two JSON values first differ, as `pointer: reference … expected …`."""
    if isinstance(got, dict) and isinstance(wanted, dict):
        if strict and list(got) != list(wanted) and set(got) == set(wanted):
            return f'{pointer or "/"}: keys in the order {list(got)}, expected {list(wanted)}'
        for key in list(got) + [k for k in wanted if k not in got]:
            if key not in got or key not in wanted:
                side = 'only the reference' if key in got else 'only the expectation'
                return f'{pointer}/{key}: {side} has it'
            found = first_difference(got[key], wanted[key], f'{pointer}/{key}', strict)
            if found:
                return found
        return ''
    if isinstance(got, list) and isinstance(wanted, list):
        if len(got) != len(wanted):
            return f'{pointer or "/"}: {len(got)} elements, expected {len(wanted)}'
        for index, (a, b) in enumerate(zip(got, wanted)):
            found = first_difference(a, b, f'{pointer}/{index}', strict)
            if found:
                return found
        return ''
    same = write_json(got, pretty=False) == write_json(wanted, pretty=False) if strict else json_equal(got, wanted)
    if same:
        return ''
    return f'{pointer or "/"}: reference {write_json(got, pretty=False)[:120]}, expected {write_json(wanted, pretty=False)[:120]}'
