"""Folder files (`_folder.yaml`): settings for every mapping file in their folder and below."""
import os
import tempfile
import unittest

from mapperref.catalog import CatalogError, load_catalog


def catalog(files):
    """The catalog of a fresh folder holding `files` (relative path → text)."""
    root = tempfile.mkdtemp(prefix='mapperref-folders-')
    for name, text in files.items():
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as file:
            file.write(text)
    return load_catalog([root])


ORDERS = 'mapper: 1\nmodels:\n  Order: { properties: { placedAt: string } }\nroutes:\n  paths: { /orders/*: Order }\n'
ERRORS = 'mapper: 1\nmodels:\n  ApiError: { properties: { code: string } }\n'


class FolderFileTests(unittest.TestCase):
    def test_a_folder_file_sets_the_defaults_prefix_and_error_model_below(self):
        loaded = catalog({
            '_folder.yaml': 'mapper: 1\ndefaults: { key_style: snake_case }\nroutes: { prefix: api/v2, error_model: ApiError }\n',
            'errors.yaml': ERRORS, 'shop/orders.yaml': ORDERS,
        })
        self.assertEqual(loaded.models['Order'].file_defaults.key_style, 'snake_case')
        self.assertEqual(loaded.routes.match('/api/v2/orders/1'), ('Order', '/orders/*'))
        self.assertEqual(loaded.routes.match('/api/v2/orders/1', status=404), ('ApiError', 'error_model'))

    def test_the_nearer_folder_file_and_then_the_file_win(self):
        loaded = catalog({
            '_folder.yaml': 'mapper: 1\ndefaults: { key_style: snake_case, unknown_keys: reject }\n',
            'shop/_folder.yaml': 'mapper: 1\ndefaults: { key_style: camelCase }\n',
            'shop/orders.yaml': 'mapper: 1\ndefaults: { unknown_keys: keep }\n' + ORDERS[len('mapper: 1\n'):],
            'other/errors.yaml': ERRORS,
        })
        defaults = loaded.models['Order'].file_defaults
        self.assertEqual((defaults.key_style, defaults.unknown_keys), ('camelCase', 'keep'))
        self.assertEqual(loaded.models['ApiError'].file_defaults.key_style, 'snake_case')

    def test_a_folder_file_does_not_reach_a_sibling_folder(self):
        loaded = catalog({'shop/_folder.yaml': 'mapper: 1\ndefaults: { key_style: snake_case }\n', 'shopping/errors.yaml': ERRORS})
        self.assertIsNone(loaded.models['ApiError'].file_defaults.key_style)

    def test_declarations_and_paths_in_a_folder_file_are_refused(self):
        for text in ('mapper: 1\nmodels: {}\n', 'mapper: 1\nroutes: { paths: { /a: Order } }\n',
                     'mapper: 1\nroutes: { error_model: Nope }\n'):
            with self.subTest(text=text), self.assertRaises(CatalogError):
                catalog({'_folder.yaml': text, 'shop/errors.yaml': ERRORS})


if __name__ == '__main__':
    unittest.main()
