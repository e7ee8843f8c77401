"""on_error: what decoding does with a present value that does not convert, written from the rule
(null / the default / absent / elements left out of their array, each a warning)."""
import os
import tempfile
import unittest

from mapperref.catalog import CatalogError, load_catalog
from mapperref.decode import Decoder
from mapperref.errors import MappingErrors
from mapperref.jsonparse import parse_json
from mapperref.jsonwrite import write_json

CATALOG = """
mapper: 1
models:
  Item:
    on_error: null
    properties:
      id: { type: int, required: true }
      name: string
      size: { type: int, default: 1, on_error: default }
      tags: { type: "[string]", on_error: drop }
      counts: { type: "[string: int]", on_error: drop }
      strict: { type: int, on_error: fail }
  Big:
    extends: Item
    properties: { weight: double }
"""


def load(text):
    folder = tempfile.TemporaryDirectory()
    with open(os.path.join(folder.name, 'c.yaml'), 'w') as handle:
        handle.write(text)
    try:
        return load_catalog([folder.name])
    finally:
        folder.cleanup()


class LenientTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.catalog = load(CATALOG)

    def decode(self, text, model='Item', strict=False):
        decoder = Decoder(self.catalog, strict=strict)
        result = decoder.document(parse_json(text), self.catalog.models[model])
        return write_json(result, pretty=False), [(w.pointer, w.code) for w in decoder.warnings]

    def test_each_mode(self):
        self.assertEqual(self.decode('{"id": 1, "name": 2, "size": "L", "tags": ["a", 1, null], "counts": {"x": 1, "y": "2"}}'),
                         ('{"id":1,"name":null,"size":1,"tags":["a",null],"counts":{"x":1}}',
                          [('/name', 'type-mismatch'), ('/size', 'type-mismatch'), ('/tags/1', 'type-mismatch'),
                           ('/counts/y', 'type-mismatch')]))
        self.assertEqual(self.decode('{"id": 1, "tags": "a"}'), ('{"id":1,"size":1}', [('/tags', 'type-mismatch')]))

    def test_what_stays_an_error(self):
        for text, where in (('{"id": "x"}', '/id'), ('{"name": "a"}', '/id'), ('{"id": 1, "strict": "x"}', '/strict')):
            with self.assertRaises(MappingErrors) as caught:
                self.decode(text)
            self.assertEqual([error.pointer for error in caught.exception.errors], [where])

    def test_strict_and_inheritance(self):
        with self.assertRaises(MappingErrors):
            self.decode('{"id": 1, "name": 2}', strict=True)
        self.assertEqual(self.decode('{"id": 1, "weight": "x"}', 'Big'), ('{"id":1,"size":1,"weight":null}', [('/weight', 'type-mismatch')]))
        self.assertEqual(self.catalog.models['Item'].property('id').on_error, 'fail')

    def test_settings_that_cannot_hold_are_refused(self):
        for properties in ('{ a: { type: int, required: true, on_error: null } }',
                           '{ a: { type: "[int]", required: true, on_error: drop } }',
                           '{ a: { type: int, on_error: default } }',
                           '{ a: { type: int, on_error: skip } }',
                           '{ a: { type: date, computed: now, on_error: null } }'):
            with self.subTest(properties), self.assertRaises(CatalogError):
                load(f'mapper: 1\nmodels:\n  M:\n    properties: {properties}\n')
        with self.assertRaises(CatalogError):
            load('mapper: 1\nmodels:\n  M:\n    on_error: default\n    properties: { a: int }\n')


if __name__ == '__main__':
    unittest.main()
