"""The `functions:` block: names, recursion and argument counts, checked without a CEL engine."""
import os
import tempfile
import unittest

from mapperref.catalog import CatalogError, load_catalog
from mapperref.functions import calls


def load(*texts):
    with tempfile.TemporaryDirectory() as folder:
        for index, text in enumerate(texts):
            with open(os.path.join(folder, f'functions{index}.yaml'), 'w') as file:
                file.write(text)
        return load_catalog([folder])


FUNCTIONS = '''mapper: 1
functions:
  units:
    params: { cents: int }
    returns: decimal
    expr: "decimal(cents).scale(-2)"
  label:
    params: { cents: int, currency: Currency }
    returns: string
    expr: "string(units(cents)) + ' ' + currency"
enums:
  Currency: { cases: { eur: EUR, usd: USD } }
'''


class FunctionTests(unittest.TestCase):
    def test_calls_are_found_outside_string_literals_with_their_argument_counts(self):
        self.assertEqual(calls("f(1, g(2, 3)) + 'h(4)' + x.m(5) + k()"), [('f', 2, 1), ('g', 2, 6), ('k', 0, 35)])
        self.assertEqual(calls("units([1, 2], {'a': 1, 'b': 2})"), [('units', 2, 1)])

    def test_a_catalog_of_functions_loads(self):
        load(FUNCTIONS)

    def test_a_wrong_argument_count_in_a_body_is_refused(self):
        with self.assertRaisesRegex(CatalogError, r"'units' takes 1 arguments, called with 2 at column 8"):
            load(FUNCTIONS.replace("string(units(cents))", "string(units(cents, 2))"))

    def test_an_unknown_parameter_type_is_refused(self):
        with self.assertRaisesRegex(CatalogError, "unknown type 'Money'"):
            load(FUNCTIONS.replace('{ cents: int }', '{ cents: Money }'))

    def test_recursion_through_another_function_is_refused(self):
        with self.assertRaisesRegex(CatalogError, "function 'units' calls itself"):
            load(FUNCTIONS.replace('decimal(cents).scale(-2)', "label(cents, 'EUR').size()"))

    def test_a_built_in_name_and_a_second_definition_are_refused(self):
        with self.assertRaisesRegex(CatalogError, "function 'size' has the name of a CEL built-in"):
            load(FUNCTIONS.replace('  units:', '  size:'))
        with self.assertRaisesRegex(CatalogError, "function 'units' is defined twice"):
            load(FUNCTIONS, 'mapper: 1\nfunctions:\n  units: { returns: int, expr: "1" }\n')


if __name__ == '__main__':
    unittest.main()
