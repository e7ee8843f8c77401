"""The `tables:` block: table files read and checked, each problem at the file's line."""
import os
import tempfile
import unittest

from mapperref.catalog import CatalogError, load_catalog
from mapperref.jsonvalue import Number


def load(tables, files):
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, 'tables.yaml'), 'w') as file:
            file.write('mapper: 1\ntables:\n' + tables)
        for name, text in files.items():
            with open(os.path.join(folder, name), 'w') as file:
                file.write(text)
        return load_catalog([folder]).tables


class TableTests(unittest.TestCase):
    def test_csv_with_a_value_column_and_typed_cells(self):
        tables = load('  names: { file: c.csv, key: code, value: name }\n'
                      '  digits: { file: c.csv, key: code, types: { digits: int } }\n',
                      {'c.csv': 'code,name,digits\r\nde,"Germany, Federal Republic",2\nfr,France,2\n'})
        self.assertEqual(tables['names'], {'de': 'Germany, Federal Republic', 'fr': 'France'})
        self.assertEqual(tables['digits']['fr'], {'code': 'fr', 'name': 'France', 'digits': '2'})

    def test_json_object_array_and_ndjson(self):
        tables = load('  a: { file: a.json }\n  b: { file: b.json, key: id, value: n }\n  c: { file: c.ndjson, key: id }\n',
                      {'a.json': '{"usd": 2, "jpy": 0}', 'b.json': '[{"id": 1, "n": "one"}, {"id": "2", "n": null}]',
                       'c.ndjson': '{"id": "x", "v": [1]}\n\n{"id": "y"}\n'})
        self.assertEqual(tables['a'], {'usd': 2, 'jpy': 0})
        self.assertEqual(tables['b'], {'1': 'one', '2': None})
        self.assertEqual(tables['c'], {'x': {'id': 'x', 'v': [1]}, 'y': {'id': 'y'}})

    def test_inline_values(self):
        self.assertEqual(load('  d: { values: { usd: 2, jpy: 0 } }\n', {})['d'], {'usd': Number('2'), 'jpy': Number('0')})

    def test_problems_are_at_the_files_line(self):
        cases = [
            ('  t: { file: t.csv, key: code }\n', {'t.csv': 'code\na\n"b\nc"\nb\nc\nb\nc\nb\nb\n'}, r't\.csv:7:1: .*key .b. is on two rows'),
            ('  t: { file: t.csv, key: id }\n', {'t.csv': 'code\na\n'}, r"t\.csv:1:1: .*no column 'id'"),
            ('  t: { file: t.csv, key: c, types: { n: int } }\n', {'t.csv': 'c,n\na,1\nb,x\n'}, r"t\.csv:3:1: .*'x' of column 'n' is not an int"),
            ('  t: { file: t.json, key: id }\n', {'t.json': '[\n{"id": 1},\n{"name": 2}\n]'}, r"t\.json:3:1: .*element 1 has no field 'id'"),
            ('  t: { file: t.ndjson, key: id }\n', {'t.ndjson': '{"id": 1}\n{"id": \n'}, r't\.ndjson:2:1: .*not JSON'),
            ('  t: { file: none.csv, key: id }\n', {}, 'cannot read none.csv'),
        ]
        for tables, files, message in cases:
            with self.subTest(message=message):
                with self.assertRaisesRegex(CatalogError, message):
                    load(tables, files)


if __name__ == '__main__':
    unittest.main()
