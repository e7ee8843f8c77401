"""Union types (`A | B`), written from the README's rules: members told apart by the kind of JSON value
on both sides, hints, formats and constraints on the members they fit."""
import os
import tempfile
import unittest

from mapperref.archive import archive
from mapperref.catalog import CatalogError, load_catalog
from mapperref.decode import Decoder
from mapperref.encode import Encoder
from mapperref.equality import diff
from mapperref.errors import MappingErrors
from mapperref.jsonparse import parse_json
from mapperref.jsonwrite import write_json
from mapperref.types import ArrayType, DictType, TypeError_, UnionType, parse_type

CATALOG = """
mapper: 1
enums:
  Status: { cases: { open: open, paid: 1 } }
models:
  Customer:
    properties: { id: string, secret: { type: string, archive: false } }
  Pet:
    properties: { name: string }
    variants: { by: kind, cases: { dog: Dog } }
  Dog: { extends: Pet, properties: { barks: bool } }
  Charge:
    properties:
      customer: "string | Customer"
      status: "Status | bool"
      paidAt: { type: "date | bool", format: unix }
      count: { type: "int | [string]", json: string, minimum: 1, max_length: 2 }
      tags: "[string: int | string]"
      pet: "Pet | string"
      note: { type: "string | int", pattern: "^n", maximum: 9 }
"""


def catalog_of(text):
    folder = tempfile.TemporaryDirectory()
    with open(os.path.join(folder.name, 'catalog.yaml'), 'w') as handle:
        handle.write(text)
    try:
        return load_catalog([folder.name])
    finally:
        folder.cleanup()


class UnionTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.catalog = catalog_of(CATALOG)
        cls.charge = cls.catalog.models['Charge']

    def decode(self, text):
        return write_json(Decoder(self.catalog).document(parse_json(text), self.charge), pretty=False)

    def encode(self, text):
        return write_json(Encoder(self.catalog).document(parse_json(text), self.charge), pretty=False)

    def errors(self, text, operation=Decoder):
        with self.assertRaises(MappingErrors) as caught:
            operation(self.catalog).document(parse_json(text), self.charge)
        return [(error.pointer, error.code, error.message) for error in caught.exception.errors]

    def test_bar_binds_loosest(self):
        self.assertIsInstance(parse_type('[string | Refund]'), ArrayType)
        self.assertIsInstance(parse_type('[string: int | string]').value, UnionType)
        self.assertIsInstance(parse_type(['string | Refund']).element, UnionType)  # unquoted YAML
        self.assertIsInstance(parse_type([{'string': 'int | string'}]), DictType)
        union = parse_type('[string] | int | [string: bool]')
        self.assertEqual([str(member) for member in union.members], ['[string]', 'int', '[string: bool]'])
        for malformed in ('string |', '| int', 'string || int'):
            with self.assertRaises(TypeError_):
                parse_type(malformed)

    def test_decode_picks_the_member_by_kind(self):
        self.assertEqual(self.decode('{"customer": "cus_1", "status": 1, "paidAt": 1700000000, "count": "3"}'),
                         '{"customer":"cus_1","status":"paid","paidAt":"2023-11-14T22:13:20Z","count":3}')
        self.assertEqual(self.decode('{"customer": {"id": "c"}, "status": false, "paidAt": true, "count": ["a"]}'),
                         '{"customer":{"id":"c"},"status":false,"paidAt":true,"count":["a"]}')
        self.assertEqual(self.decode('{"tags": {"a": 1, "b": "x", "c": null}, "pet": {"kind": "dog", "barks": true}}'),
                         '{"tags":{"a":1,"b":"x","c":null},"pet":{"$type":"Dog","barks":true}}')

    def test_a_value_of_no_members_kind_is_one_error_naming_the_members(self):
        self.assertEqual(self.errors('{"customer": 42}'),
                         [('/customer', 'type-mismatch', 'expected a string or an object (Customer), found 42')])
        self.assertEqual(self.errors('{"status": "closed", "count": 3, "tags": {"a": true}}'),
                         [('/status', 'unknown-enum-value', 'expected one of "open", 1 (Status), found "closed"'),
                          ('/count', 'type-mismatch', 'expected a string or an array, found 3'),
                          ('/tags/a', 'type-mismatch', 'expected a number or a string, found true')])

    def test_constraints_apply_to_the_members_they_fit(self):
        self.assertEqual(self.decode('{"count": ["a", "b"], "note": 7}'), '{"count":["a","b"],"note":7}')
        self.assertEqual(self.decode('{"note": "nope"}'), '{"note":"nope"}')
        self.assertEqual([error[:2] for error in self.errors('{"count": "0", "note": "x"}')],
                         [('/count', 'constraint'), ('/note', 'constraint')])
        self.assertEqual([error[:2] for error in self.errors('{"count": ["a", "b", "c"], "note": 10}')],
                         [('/count', 'constraint'), ('/note', 'constraint')])

    def test_encode_and_canonical_reading_pick_the_member_by_the_canonical_kind(self):
        self.assertEqual(self.encode('{"customer": {"id": "c"}, "status": "paid", "paidAt": "2023-11-14T22:13:20Z", '
                                     '"count": 3, "pet": {"$type": "Dog", "barks": true}}'),
                         '{"customer":{"id":"c"},"status":1,"paidAt":1700000000,"count":"3","pet":{"barks":true,"kind":"dog"}}')
        self.assertEqual(self.encode('{"status": true, "paidAt": false, "count": ["x"], "pet": "rex"}'),
                         '{"status":true,"paidAt":false,"count":["x"],"pet":"rex"}')
        self.assertEqual([error[:2] for error in self.errors('{"customer": true, "pet": {"barks": true}, "paidAt": 5}', Encoder)],
                         [('/customer', 'type-mismatch'), ('/paidAt', 'type-mismatch'), ('/pet', 'type-mismatch')])

    def test_diff_and_archive_follow_the_member(self):
        self.assertEqual(diff(self.catalog, self.charge, parse_json('{"customer": "c"}'), parse_json('{"customer": {"id": "c"}}')),
                         ['customer'])
        self.assertEqual(diff(self.catalog, self.charge, parse_json('{"customer": {"id": "c"}}'),
                              parse_json('{"customer": {"id": "d"}}')), ['customer.id'])
        archived = archive(self.catalog, self.charge, parse_json('{"customer": {"id": "c", "secret": "s"}}'))
        self.assertEqual(write_json(archived, pretty=False), '{"$model":"Charge","$version":1,"customer":{"id":"c"}}')


class AmbiguousUnionTests(unittest.TestCase):
    def problems(self, properties, extra=''):
        text = ('mapper: 1\nenums:\n  Open: { cases: { a: a }, default: a }\nformats:\n  day: { date: "yyyy-MM-dd" }\n'
                'models:\n  Customer: { properties: { id: string } }\n  Invoice: { properties: { id: string } }\n'
                f'  M:\n    properties:\n      p: {properties}\n{extra}')
        try:
            catalog_of(text)
        except CatalogError as error:
            return str(error)
        return ''

    def test_members_must_differ_in_kind_on_both_sides(self):
        for refused in ('"date | string"', '"int | double"', '"Customer | Invoice"', '"any | string"',
                        '"[string] | [int]"', '"[string: int] | Customer"', '{ type: "date | string", format: unix }',
                        '{ type: "int | string", json: string }', '"Open | Customer"', '{ type: "date | int", format: unix }',
                        '{ type: "date | uuid", format: day }'):
            with self.subTest(type=refused):
                self.assertIn('[ambiguous-union]', self.problems(refused))
        self.assertIn("give them a common base model with 'variants'", self.problems('"Customer | Invoice"'))
        for accepted in ('"string | Customer"', '"int | string"', '"date | int"', '"[int] | [string: int] | bool"',
                         '{ type: "date | bool", format: unix }', '{ type: "bool | [string]", json: int }'):
            with self.subTest(type=accepted):
                self.assertEqual(self.problems(accepted), '')

    def test_fields_must_fit_some_member(self):
        for refused in ('{ type: "string | Customer", minimum: 1 }', '{ type: "string | Customer", json: string }',
                        '{ type: "string | Customer", format: unix }', '{ type: "int | string", merge: sum }',
                        '{ type: "Customer | [string]", pattern: a }'):
            with self.subTest(type=refused):
                self.assertNotEqual(self.problems(refused), '')
        for accepted in ('{ type: "string | Customer", max_length: 3, merge: keep }', '{ type: "int | [int]", json: string }'):
            with self.subTest(type=accepted):
                self.assertEqual(self.problems(accepted), '')


if __name__ == '__main__':
    unittest.main()
