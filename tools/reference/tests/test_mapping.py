"""Decoding, encoding and routes on a small catalog, written from the contract's rules."""
import os
import tempfile
import unittest

from mapperref.catalog import load_catalog
from mapperref.decode import Decoder
from mapperref.encode import Encoder
from mapperref.errors import MappingErrors
from mapperref.jsonparse import parse_json
from mapperref.jsonwrite import write_json

CATALOG = """
mapper: 1
models:
  Issue:
    key_style: snake_case
    unknown_keys: keep
    properties:
      number: { type: int, required: true }
      login:  { type: string, key: user.login }
      author: { type: any, key: user }
      since:  { type: date, default: "2020-01-01T00:00:00Z" }
  Shared:
    properties:
      at: { type: date, key: t, format: unix }
      seconds: { type: int, key: t }
      whole: { type: any, key: o }
      part: { type: any, key: o }
  Pet:
    properties: { name: string }
    variants: { by: meta.kind, cases: { dog: Dog }, fallback: Pet }
  Dog:
    extends: Pet
    properties: { barks: bool }
routes:
  prefix: api
  paths:
    /issues/#: Issue
    /issues/*: Pet
    /issues/latest: Dog
    POST /issues/#: Pet
"""


class MappingTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        with open(os.path.join(cls.folder.name, 'catalog.yaml'), 'w') as handle:
            handle.write(CATALOG)
        cls.catalog = load_catalog([cls.folder.name])

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def decode(self, text, model):
        return write_json(Decoder(self.catalog).document(parse_json(text), self.catalog.models[model]), pretty=False)

    def encode(self, text, model):
        return write_json(Encoder(self.catalog).document(parse_json(text), self.catalog.models[model]), pretty=False)

    def errors(self, text, model):
        with self.assertRaises(MappingErrors) as caught:
            Decoder(self.catalog).document(parse_json(text), self.catalog.models[model])
        return [(error.pointer, error.code) for error in caught.exception.errors]

    def test_absent_null_defaults_and_kept_keys(self):
        self.assertEqual(self.decode('{"z": 1, "number": 5.0, "user": {"id": 2, "login": null}}', 'Issue'),
                         '{"number":5,"login":null,"author":{"id":2,"login":null},"since":"2020-01-01T00:00:00Z",'
                         '"$extra":{"z":1}}')
        self.assertEqual(self.decode('{"number": 1, "user": null, "since": null}', 'Issue'),
                         '{"number":1,"author":null,"since":null}')

    def test_errors_point_into_the_input(self):
        self.assertEqual(self.errors('{"user": "bob"}', 'Issue'), [('/number', 'missing-required'), ('/user', 'key-path-conflict')])
        self.assertEqual(self.errors('[{"number": 1}, 5, {"number": "x"}]', 'Issue'),
                         [('/1', 'type-mismatch'), ('/2/number', 'type-mismatch')])

    def test_variants_dispatch_on_a_nested_discriminator(self):
        self.assertEqual(self.decode('[{"meta": {"kind": "dog"}, "barks": true}, {"meta": 5}, null]', 'Pet'),
                         '[{"$type":"Dog","barks":true},{"$type":"Pet"},null]')
        self.assertEqual(self.decode('{"meta": {"kind": "dog"}, "barks": true}', 'Dog'), '{"barks":true}')

    def test_encoding_shares_prefixes_writes_the_case_value_and_kept_keys_last(self):
        self.assertEqual(self.encode('{"number": 1, "login": "x", "author": {"id": 2, "login": "x"}, "$extra": {"user": {"z": 3}, "a": 4}}', 'Issue'),
                         '{"number":1,"user":{"login":"x","id":2,"z":3},"a":4}')
        # Overlapping key paths that would write two different values at one place.
        with self.assertRaises(MappingErrors):
            self.encode('{"number": 1, "login": "x", "author": {"id": 2, "login": "y"}}', 'Issue')
        self.assertEqual(self.encode('{"$type": "Dog", "barks": false}', 'Pet'), '{"barks":false,"meta":{"kind":"dog"}}')

    def test_several_properties_on_one_key(self):
        self.assertEqual(self.decode('{"t": 5}', 'Shared'), '{"at":"1970-01-01T00:00:05Z","seconds":5}')
        self.assertEqual(self.encode('{"at": "1970-01-01T00:00:05Z", "seconds": 5}', 'Shared'), '{"t":5}')
        self.assertEqual(self.encode('{"seconds": 5, "whole": {"a": 1}, "part": {"a": 1}}', 'Shared'), '{"t":5,"o":{"a":1}}')
        for text in ('{"at": "1970-01-01T00:00:05Z", "seconds": 6}', '{"at": null, "seconds": 6}',
                     '{"whole": {"a": 1}, "part": {"b": 2}}'):  # one key: objects are not merged
            with self.assertRaises(MappingErrors, msg=text) as caught:
                self.encode(text, 'Shared')
            self.assertEqual([(error.pointer, error.code) for error in caught.exception.errors][0][1], 'key-path-conflict')

    def test_canonical_reading_is_strict(self):
        for text in ('{"number": 5.0}', '{"nope": 1, "number": 1}', '{"number": 1, "since": "2020-01-01T00:00:00+00:00"}'):
            with self.assertRaises(MappingErrors, msg=text):
                Encoder(self.catalog).document(parse_json(text), self.catalog.models['Issue'])

    def test_routes(self):
        match = self.catalog.routes.match
        self.assertEqual(match('https://x.com/api/issues/5?a=1#b'), ('Issue', '/issues/#'))
        self.assertEqual(match('issues/latest/'), ('Dog', '/issues/latest'))
        self.assertEqual(match('/api/issues/x'), ('Pet', '/issues/*'))
        self.assertEqual(match('/issues/5', 'post'), ('Pet', 'POST /issues/#'))
        self.assertIsNone(match('/issues/5', status=404))
        self.assertIsNone(match('/issues'))


if __name__ == '__main__':
    unittest.main()
