"""`omit` on encode and partial documents (PATCH), written from docs/language/omit.md and
docs/language/partial.md."""
import unittest

from mapperref.catalog import CatalogError
from mapperref.encode import Encoder

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


if __name__ == '__main__':
    unittest.main()
