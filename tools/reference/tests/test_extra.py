"""File defaults, variants with predicates and a discriminator together, the lossless enum fallback
and `$extra` as part of the model, written from the README's rules."""
import unittest

from mapperref.archive import archive
from mapperref.catalog import CatalogError
from mapperref.decode import Decoder
from mapperref.encode import Encoder
from mapperref.equality import diff
from mapperref.jsonparse import parse_json
from mapperref.jsonwrite import write_json
from mapperref.merge import merge

from .test_unions import catalog_of

CATALOG = """
mapper: 1
defaults:
  key_style: snake_case
  unknown_keys: keep
  formats: { date: unix, int: us }
formats:
  us: { number: decimal, locale: en_US }
enums:
  State: { cases: { open: open, closed: { json: closed, aliases: [done] }, unknown: unknown }, default: unknown }
models:
  Event:
    properties:
      state: State
      deep: { type: State, key: meta.state }
      history: "[State]"
      inner: Inner
      createdAt: date
      count: int
      plain: { type: int, json: string }
      mixed: "date | [int]"
      iso: { type: "date | bool", format: iso8601 }
  Inner:
    unknown_keys: ignore
    properties: { state: State }
  Quiet:
    extends: Event
    extra: { compare: false, merge: keep }
  Loud:
    extends: Quiet
    extra: { archive: false }
  Source:
    unknown_keys: ignore
    properties: { object: string, deleted: bool }
    variants:
      when: [{ equals: { deleted: true }, model: Deleted }]
      by: object
      cases: { card: Card }
      fallback: Source
  Card: { extends: Source }
  Deleted: { extends: Source }
"""


class ExtraTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.catalog = catalog_of(CATALOG)

    def decode(self, text, model='Event'):
        return write_json(Decoder(self.catalog).document(parse_json(text), self.catalog.models[model]), pretty=False)

    def encode(self, text, model='Event'):
        return write_json(Encoder(self.catalog).document(parse_json(text), self.catalog.models[model]), pretty=False)

    def test_file_defaults_apply_per_type_unless_the_property_says_otherwise(self):
        self.assertEqual(self.decode('{"created_at": 1, "count": "1,000", "plain": "7", "mixed": ["2,000"], '
                                     '"iso": "2020-01-01T00:00:00Z"}'),
                         '{"createdAt":"1970-01-01T00:00:01Z","count":1000,"plain":7,"mixed":[2000],'
                         '"iso":"2020-01-01T00:00:00Z"}')
        self.assertEqual(self.decode('{"mixed": 5}'), '{"mixed":"1970-01-01T00:00:05Z"}')
        with self.assertRaises(CatalogError) as caught:
            catalog_of('mapper: 1\ndefaults: { formats: { string: unix, date: us, int: nope }, key_style: x }\n'
                       'formats: { us: { number: decimal } }\n')
        self.assertEqual(len(str(caught.exception).splitlines()), 4)

    def test_predicates_then_the_discriminator_then_the_fallback(self):
        self.assertEqual(self.decode('[{"object": "card", "deleted": true}, {"object": "card"}, {"object": "x"}]', 'Source'),
                         '[{"$type":"Deleted","object":"card","deleted":true},{"$type":"Card","object":"card"},'
                         '{"$type":"Source","object":"x"}]')

    def test_an_unknown_enum_value_is_kept_after_the_unread_keys(self):
        self.assertEqual(self.decode('{"state": "paused", "z": 1, "meta": {"state": "x", "q": 2}, "history": ["open", "y"], '
                                     '"inner": {"state": "w"}}'),
                         '{"state":"unknown","deep":"unknown","history":["open","unknown"],"inner":{"state":"unknown"},'
                         '"$extra":{"z":1,"meta":{"q":2,"state":"x"},"state":"paused","history":["open","y"]}}')
        self.assertEqual(self.decode('{"state": "unknown", "history": ["done"]}'), '{"state":"unknown","history":["closed"]}')

    def test_encode_writes_a_kept_value_back_while_it_decodes_to_the_property(self):
        kept = '"$extra": {"state": "paused", "meta": {"state": "x"}, "history": ["y"], "inner": {"state": "w"}}'
        self.assertEqual(self.encode('{"state": "unknown", "deep": "unknown", "history": ["unknown"], '
                                     '"inner": {"state": "unknown"}, ' + kept + '}'),
                         '{"state":"paused","meta":{"state":"x"},"history":["y"],"inner":{"state":"unknown"}}')
        self.assertEqual(self.encode('{"state": "open", "deep": null, "history": ["unknown", "open"], ' + kept + '}'),
                         '{"state":"open","meta":{"state":null},"history":["unknown","open"],"inner":{"state":"w"}}')
        self.assertEqual(self.encode('{"state": "closed", "$extra": {"state": "done"}}'), '{"state":"done"}')

    def test_extra_in_diff_merge_and_archives(self):
        event, quiet, loud = (self.catalog.models[name] for name in ('Event', 'Quiet', 'Loud'))
        first, second = parse_json('{"$extra": {"a": 1, "b": 2}}'), parse_json('{"$extra": {"a": 2, "c": 3}}')
        self.assertEqual(diff(self.catalog, event, first, second), ['$extra.a', '$extra.b', '$extra.c'])
        self.assertEqual(diff(self.catalog, event, parse_json('{}'), parse_json('{"$extra": {}}')), [])
        self.assertEqual(diff(self.catalog, quiet, first, second), [])
        self.assertEqual(diff(self.catalog, loud, first, second), ['$extra.a', '$extra.b', '$extra.c'])
        self.assertEqual(write_json(merge(self.catalog, event, first, second), pretty=False), '{"$extra":{"a":2,"b":2,"c":3}}')
        self.assertEqual(write_json(merge(self.catalog, quiet, first, second), pretty=False), '{"$extra":{"a":1,"b":2,"c":3}}')
        self.assertEqual(write_json(merge(self.catalog, event, parse_json('{"$extra": {}}'), parse_json('{}')), pretty=False), '{}')
        self.assertEqual(write_json(archive(self.catalog, quiet, first), pretty=False),
                         '{"$model":"Quiet","$version":1,"$extra":{"a":1,"b":2}}')
        self.assertEqual(write_json(archive(self.catalog, loud, first), pretty=False), '{"$model":"Loud","$version":1}')

    def test_extra_needs_a_model_that_keeps_unknown_keys(self):
        for refused in ('{ extra: { compare: false } }', '{ unknown_keys: keep, extra: { merge: sum } }',
                        '{ unknown_keys: keep, extra: { archive: 1 } }', '{ unknown_keys: keep, extra: { other: true } }'):
            with self.subTest(model=refused):
                with self.assertRaises(CatalogError):
                    catalog_of(f'mapper: 1\nmodels:\n  M: {refused}\n')


if __name__ == '__main__':
    unittest.main()
