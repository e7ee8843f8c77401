"""The `tables:` block: lookup tables read when the catalog loads, and used in CEL expressions as
`tables.NAME[key]` (which the reference does not evaluate: it checks the tables themselves).

    tables:
      country_names: { file: countries.csv, key: code, value: name }
      currency_digits: { values: { usd: 2, jpy: 0, bhd: 3 } }

- A table has inline `values` (a mapping of keys to JSON values) or a `file`, not both. A file is
  read relative to the mapping file, by its extension: `.csv` (RFC 4180, a header row), `.json` (an
  object whose keys are the table's keys, or an array of objects), `.ndjson` or `.jsonl` (an object
  a line; blank lines skipped).
- `key` names the column or field of each row's key; required except for a JSON object. `value`
  names the column or field of the value; without it the row is the value (a map of the CSV's
  columns, or the JSON object). A JSON key field must be a string or a number (its text).
- `types` applies to CSV only: columns read as `int`, `double`, `decimal`, `bool` (`true`/`false`)
  or `string` (the default for every cell).
- Problems, each at the file's line: a missing `key`, `value` or typed column (at the header, line
  1), a row with a different number of cells than the header, a key on two rows (at the second), a
  cell that is not of its column's type, text that is not JSON.
"""
import csv
import io
import json
import os
import re

from .properties import MEMBER_NAME

TABLE_KEYS = {'values', 'file', 'key', 'value', 'types', 'doc'}
CELL_TYPES = ('string', 'int', 'double', 'decimal', 'bool')


class Tables:
    def __init__(self, problem):
        self.problem = problem
        self.tables = {}  # name → {key: value}

    def read(self, block, path):
        if not isinstance(block, dict):
            self.problem(None, f'{path}: tables must be a mapping of names to tables')
            return
        for name, spec in block.items():
            where = block.mark_of(name)
            if not isinstance(name, str) or not MEMBER_NAME.fullmatch(name):
                self.problem(where, f'table name {name!r} is not a valid name')
            elif name in self.tables:
                self.problem(where, f"table '{name}' is defined twice")
            elif not isinstance(spec, dict):
                self.problem(where, f"table '{name}' must be a mapping with values or file")
            else:
                for key in spec:
                    if key not in TABLE_KEYS:
                        self.problem(spec.mark_of(key), f"unknown key '{key}' in table '{name}'")
                rows = self._rows(name, spec, where, path)
                if rows is not None:
                    self.tables[name] = rows

    def _rows(self, name, spec, where, path):
        if ('values' in spec) == ('file' in spec):
            self.problem(where, f"table '{name}' needs either values or file")
            return None
        if 'values' in spec:
            values = spec['values']
            if not isinstance(values, dict) or any(k in spec for k in ('key', 'value', 'types')):
                self.problem(where, f"table '{name}': values is a mapping, without key, value or types")
                return None
            return dict(values)
        file = os.path.join(os.path.dirname(path), spec['file'])
        extension = os.path.splitext(file)[1].lower()
        if extension not in ('.csv', '.json', '.ndjson', '.jsonl'):
            self.problem(where, f"table '{name}': {spec['file']} is not a .csv, .json, .ndjson or .jsonl file")
            return None
        try:
            with open(file, 'rb') as handle:
                text = handle.read().decode('utf-8', errors='replace')
        except OSError as error:
            self.problem(where, f"table '{name}': cannot read {spec['file']}: {error.strerror}")
            return None
        try:
            if extension == '.csv':
                rows = _csv_rows(text, spec)
            elif extension == '.json':
                rows = _json_rows(text, spec)
            else:
                rows = _ndjson_rows(text, spec)
            table = {}
            for key, value, line in rows:
                if key in table:
                    raise TableProblem(line, f"the key '{key}' is on two rows")
                table[key] = value
            return table
        except TableProblem as problem:
            self.problem(None, f"{file}:{problem.line}:1: table '{name}': {problem.message}")
            return None


class TableProblem(Exception):
    def __init__(self, line, message):
        super().__init__(message)
        self.line, self.message = line, message


def _csv_rows(text, spec):
    if 'key' not in spec:
        raise TableProblem(1, 'a CSV table needs key')
    types = spec.get('types') or {}
    reader = csv.reader(io.StringIO(text, newline=''))
    header = None
    for cells in reader:
        line = reader.line_num - text_lines(cells)
        if not cells or cells == ['']:
            continue
        if header is None:
            header = cells
            for column in [spec['key'], spec.get('value')] + list(types):
                if column is not None and column not in header:
                    raise TableProblem(line, f"the header has no column '{column}'")
            continue
        if len(cells) != len(header):
            raise TableProblem(line, f'the row has {len(cells)} cells but the header has {len(header)} columns')
        row = dict(zip(header, cells))
        for column, type_ in types.items():
            row[column] = _cell(row[column], type_, column, line)
        yield row[spec['key']], row[spec['value']] if 'value' in spec else row, line
    if header is None:
        raise TableProblem(1, 'the CSV file is empty')


def text_lines(cells):
    """How many lines a record spans beyond its first (line ends inside quoted cells)."""
    return sum(cell.count('\n') for cell in cells)


def _cell(text, type_, column, line):
    ok = {'string': lambda t: True,
          'int': lambda t: re.fullmatch(r'[+-]?[0-9]+', t) and -2**63 <= int(t) < 2**63,
          'double': lambda t: re.fullmatch(r'[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?', t),
          'decimal': lambda t: re.fullmatch(r'-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?', t),
          'bool': lambda t: t in ('true', 'false')}[type_](text)
    if not ok:
        raise TableProblem(line, f"the cell '{text}' of column '{column}' is not {'an' if type_ == 'int' else 'a'} {type_}")
    return text


def _row(element, spec, line, where):
    if 'key' not in spec:
        raise TableProblem(1, 'a table of rows needs key')
    if not isinstance(element, dict):
        raise TableProblem(line, f'{where} is not a JSON object')
    if spec['key'] not in element:
        raise TableProblem(line, f"{where} has no field '{spec['key']}'")
    key = element[spec['key']]
    if isinstance(key, bool) or not isinstance(key, (str, int, float)):
        raise TableProblem(line, f"the key field of {where} is not a string or a number")
    if 'value' in spec and spec['value'] not in element:
        raise TableProblem(line, f"{where} has no field '{spec['value']}'")
    return str(key), element[spec['value']] if 'value' in spec else element, line


def _json_rows(text, spec):
    try:
        document = json.loads(text)
    except ValueError as error:
        raise TableProblem(getattr(error, 'lineno', 1), f'the file is not JSON: {error}')
    if isinstance(document, dict):
        if 'key' in spec:
            raise TableProblem(1, "a JSON object's own keys are the table's keys: leave key out")
        for key, value in document.items():
            if 'value' in spec and (not isinstance(value, dict) or spec['value'] not in value):
                raise TableProblem(1, f"the member '{key}' has no field '{spec['value']}'")
            yield key, value[spec['value']] if 'value' in spec else value, 1
    elif isinstance(document, list):
        lines = _element_lines(text)
        for index, element in enumerate(document):
            yield _row(element, spec, lines[index] if index < len(lines) else 1, f'element {index}')
    else:
        raise TableProblem(1, 'a JSON table is an object or an array of objects')


def _element_lines(text):
    """The line each element of a top-level JSON array starts on."""
    decoder, lines, index = json.JSONDecoder(), [], text.index('[') + 1
    while True:
        while index < len(text) and text[index] in ' \t\r\n,':
            index += 1
        if index >= len(text) or text[index] == ']':
            return lines
        lines.append(text.count('\n', 0, index) + 1)
        _, index = decoder.raw_decode(text, index)


def _ndjson_rows(text, spec):
    for number, line in enumerate(text.split('\n'), start=1):
        if not line.strip():
            continue
        try:
            element = json.loads(line)
        except ValueError as error:
            raise TableProblem(number, f'the line is not JSON: {error}')
        yield _row(element, spec, number, 'the object')
