"""`omit` on encode and partial documents (PATCH), written from docs/language/omit.md and
docs/language/partial.md."""
import unittest

from mapperref.catalog import CatalogError
from mapperref.decode import Decoder
from mapperref.encode import Encoder
from mapperref.errors import MappingErrors
from mapperref.jsonparse import parse_json
from mapperref.merge import merge

from .test_unions import catalog_of

CATALOG = """
mapper: 1
defaults: { omit: nulls }
models:
  Contact:
    properties:
      name: string
      phone: { type: string, omit: never }
      city: { type: string, key: address.city }
  Profile:
    omit: empty
    properties:
      nick: string
      tags: "[string]"
      contact: Contact
"""


class OmitTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.catalog = catalog_of(CATALOG)

    def encode(self, value, model, omit=None):
        return Encoder(self.catalog, omit=omit).document(value, self.catalog.models[model])

    def test_nearest_setting_wins(self):
        self.assertEqual(self.encode({'name': None, 'phone': None, 'city': None}, 'Contact'), {'phone': None})
        self.assertEqual(self.encode({'nick': '', 'tags': [], 'contact': {'name': None}}, 'Profile'), {})

    def test_run_setting_only_where_the_catalog_says_nothing(self):
        self.assertEqual(self.encode({'name': ''}, 'Contact', omit='empty'), {'name': ''})

    def test_a_bare_null_is_not_nulls(self):
        with self.assertRaises(CatalogError) as caught:
            catalog_of('mapper: 1\nmodels: { M: { omit: null, properties: { a: string } } }\n')
        self.assertIn('omit', str(caught.exception))


PARTIAL = """
mapper: 1
models:
  Account:
    properties:
      id: { type: int, required: true }
      plan: { type: string, default: free }
      owner: { type: Owner, merge: deep }
  Owner: { properties: { login: { type: string, required: true }, email: string } }
"""


class PartialTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.catalog = catalog_of(PARTIAL)
        cls.account = cls.catalog.models['Account']

    def test_only_the_keys_present(self):
        decoded = Decoder(self.catalog, partial=True).document({'owner': {'email': None}}, self.account)
        self.assertEqual(decoded, {'owner': {'email': None}})
        with self.assertRaises(MappingErrors):
            Decoder(self.catalog).document({'owner': {'email': None}}, self.account)

    def test_values_present_are_checked(self):
        with self.assertRaises(MappingErrors):
            Decoder(self.catalog, partial=True).document(parse_json('{"id": "one"}'), self.account)

    def test_patch_is_a_merge_with_a_partial_source(self):
        stored = parse_json('{"id": 1, "plan": "free", "owner": {"login": "ada", "email": "a@x"}}')
        merged = merge(self.catalog, self.account, stored, parse_json('{"owner": {"email": null}}'), partial=True)
        self.assertEqual(merged, parse_json('{"id": 1, "plan": "free", "owner": {"login": "ada", "email": null}}'))


if __name__ == '__main__':
    unittest.main()
