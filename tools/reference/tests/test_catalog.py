"""YAML loading, catalog loading, and the broken catalogs of mapper's own test corpus."""
import glob
import os
import re
import sys
import unittest

from mapperref.catalog import CatalogError, load_catalog
from mapperref.jsonvalue import Number
from mapperref.yamlload import YAMLError, load_yaml

sys.setrecursionlimit(20000)
REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
# mapper's own corpus of broken catalogs (one per diagnostic), wherever the Swift tests keep it
BROKEN = next(iter(sorted(glob.glob(os.path.join(REPOSITORY, 'Tests', '**', 'Fixtures', 'broken'), recursive=True))),
              os.path.join(REPOSITORY, 'Tests', 'MapperKitTests', 'Fixtures', 'broken'))
# Broken fixtures about what only mapper's Swift engine has to refuse, not the language's rules.
MAPPER_ONLY = {
    'unsafe-pattern.yaml': "Swift's Regex backtracks without a step budget; Python's re is not the engine at risk",
    'unused.yaml': 'a warning, not an error',
    'invalid-expression-3.yaml': "a function body that does not type-check: needs CEL's type checker, not implemented here",
    'invalid-expression-4.yaml': "a function body whose result does not fit `returns`: needs CEL's type checker",
    'day-only-date.yaml': 'a warning, not an error',
}


class YAMLTests(unittest.TestCase):
    def test_yaml_1_2_core_schema(self):
        value = load_yaml('[yes, no, on, off, TRUE, false, ~, null, "", 0x1F, 0o17, 1.50, .5, 2020-01-01]')
        self.assertEqual(value, ['yes', 'no', 'on', 'off', True, False, None, None, '', Number('31'), Number('15'),
                                 Number('1.50'), Number('0.5'), '2020-01-01'])

    def test_duplicate_keys_and_second_documents_are_errors(self):
        with self.assertRaises(YAMLError):
            load_yaml('a: 1\na: 2\n')
        with self.assertRaises(YAMLError):
            load_yaml('a: 1\n---\nb: 2\n')

    def test_merge_keys(self):
        self.assertEqual(load_yaml('base: &b {x: 1, y: 2}\nm: {<<: *b, y: 3}')['m'], {'x': Number('1'), 'y': Number('3')})


class CatalogTests(unittest.TestCase):
    def test_the_bundled_catalogs_load(self):
        for path in ['Mappings', 'Examples/features/Mappings', 'Examples/behaviors/Mappings']:
            catalog = load_catalog([os.path.join(REPOSITORY, path)])
            self.assertTrue(catalog.models, path)

    def test_inheritance_keeps_the_place_and_the_declaring_style(self):
        catalog = load_catalog([os.path.join(REPOSITORY, 'Examples/features/Mappings')])
        cat = catalog.models['Cat']
        self.assertEqual([(p.name, p.key) for p in cat.properties],
                         [('name', ['name']), ('legCount', ['leg_count']), ('livesLeft', ['lives-left'])])
        dog = catalog.models['Dog']
        self.assertEqual([p.name for p in dog.properties], ['name', 'legCount', 'barks'])

    def test_every_broken_fixture_is_refused(self):
        fixtures = sorted(glob.glob(os.path.join(BROKEN, '*')))
        self.assertGreater(len(fixtures), 100)
        for fixture in fixtures:
            name = os.path.basename(fixture)
            if name in MAPPER_ONLY:
                continue
            with self.subTest(fixture=name):
                with self.assertRaises(CatalogError):
                    load_catalog([fixture])

    def test_problems_say_where(self):
        with self.assertRaises(CatalogError) as caught:
            load_catalog([os.path.join(BROKEN, 'unknown-type.yaml')])
        self.assertTrue(re.search(r'unknown-type\.yaml:10:7: unknown type .Usr.', str(caught.exception)))


if __name__ == '__main__':
    unittest.main()
