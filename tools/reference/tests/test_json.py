"""The strict JSON reader and the canonical writer."""
import sys
import unittest

from mapperref.jsonparse import JSONError, parse_json
from mapperref.jsonvalue import Number, json_equal
from mapperref.jsonwrite import write_json

sys.setrecursionlimit(20000)


class JSONReaderTests(unittest.TestCase):
    def rejects(self, text, pointer, line=None, column=None):
        with self.assertRaises(JSONError) as caught:
            parse_json(text if isinstance(text, bytes) else text.encode())
        self.assertEqual(caught.exception.pointer, pointer)
        if line is not None:
            self.assertEqual((caught.exception.line, caught.exception.column), (line, column))
        return caught.exception

    def test_numbers_keep_their_text(self):
        value = parse_json('{"a": 1.50, "b": 18446744073709551616, "c": 1e400, "d": -0}')
        self.assertEqual([n.text for n in value.values()], ['1.50', '18446744073709551616', '1e400', '-0'])

    def test_duplicate_keys_are_errors_at_the_second_key(self):
        self.rejects('{"id": 1, "user": {"login": "a", "login": "b"}}', '/user/login', 1, 34)

    def test_nesting_limit_is_512(self):
        parse_json('[' * 512 + ']' * 512)
        error = self.rejects('[' * 513 + ']' * 513, '/0' * 512)
        self.assertIn('deeper than 512', str(error))

    def test_not_json(self):
        self.rejects('{"a": NaN}', '/a')
        self.rejects('{"a": -Infinity}', '/a')
        self.rejects('{"a": 007}', '/a', 1, 7)
        self.rejects('{"a": "\\ud800"}', '/a')
        self.rejects(b'{"a": "\xc3("}', '/a')
        self.rejects(b'\xef\xbb\xbf{}', '')
        self.rejects('{"a": 1,}', '')
        self.rejects('[1, 2', '')
        self.rejects('{"a": 1} 2', '', 1, 10)
        self.rejects('', '', 1, 1)

    def test_surrogate_pairs_and_escapes(self):
        self.assertEqual(parse_json('"\\ud83d\\udc1b \\u00e9 \\/"'), '🐛 é /')

    def test_columns_count_characters(self):
        self.rejects('{"é": 1,, "x": 1}', '', 1, 9)


class JSONWriterTests(unittest.TestCase):
    def test_pretty_and_compact(self):
        value = {'a': [], 'b': {}, 'c': [Number('1.50'), None, True], 'd': 'é\n\x01"'}
        self.assertEqual(write_json(value, pretty=False), '{"a":[],"b":{},"c":[1.50,null,true],"d":"é\\n\\u0001\\""}')
        self.assertEqual(write_json(value), '{\n  "a": [],\n  "b": {},\n  "c": [\n    1.50,\n    null,\n    true\n  ],\n'
                                            '  "d": "é\\n\\u0001\\""\n}')

    def test_json_equality_compares_numbers_by_value_and_objects_unordered(self):
        self.assertTrue(json_equal({'a': Number('1'), 'b': [True]}, {'b': [True], 'a': Number('1.0')}))
        self.assertFalse(json_equal(Number('1'), True))
        self.assertFalse(json_equal(Number('1'), '1'))


if __name__ == '__main__':
    unittest.main()
