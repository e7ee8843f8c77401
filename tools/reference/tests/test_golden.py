"""The golden-test check itself: it must catch what differs, and say what it did not check."""
import os
import tempfile
import unittest

from mapperref.golden import Checker

CATALOG = """
mapper: 1
models:
  Point:
    properties: { x: int, y: int, ratio: double }
"""
TESTS = """
tests:
  - name: agrees
    model: Point
    input: { x: 1, ratio: 1.50 }
    expect: { x: 1, ratio: 1.5 }
    roundtrip: true
  - name: wrong value
    model: Point
    input: { x: 1 }
    expect: { x: 2 }
  - name: wrong key order
    model: Point
    input: { x: 1, y: 2 }
    expect: { y: 2, x: 1 }
  - name: wrong number spelling
    model: Point
    input: { ratio: 1.50 }
    expect: { ratio: 1.50 }
  - name: file expectation not in canonical text
    model: Point
    input: { x: 1 }
    expect: point.canonical.json
  - name: error at the pointer
    model: Point
    input: { x: "1" }
    expect_error: { pointer: /x, code: type-mismatch }
  - name: error at another pointer
    model: Point
    input: { x: "1" }
    expect_error: { pointer: /y }
  - name: an error the reference does not see
    model: Point
    input: { x: 1 }
    expect_error: { pointer: /x }
  - name: malformed JSON at line and column
    model: Point
    input: broken.json
    expect_error: { pointer: "", contains: "line 1, column 9", code: invalid-json }
  - name: nothing to compare
    model: Point
    input: { x: 1 }
"""


class CheckerTests(unittest.TestCase):
    def test_outcomes(self):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, 'Examples', 'Mappings'))
            files = {'Examples/Mappings/points.yaml': CATALOG, 'Examples/points.test.yaml': TESTS,
                     'Examples/point.canonical.json': '{"x": 1}\n', 'Examples/broken.json': '{"x": 1,,}'}
            for name, text in files.items():
                with open(os.path.join(root, name), 'w') as handle:
                    handle.write(text)
            outcomes = {o.name: o for o in Checker(os.path.join(root, 'Examples'), os.path.join(root, 'Mappings'), root).run()}
        statuses = {name: outcome.status for name, outcome in outcomes.items()}
        self.assertEqual(statuses, {
            'agrees': 'agree', 'wrong value': 'disagree', 'wrong key order': 'disagree',
            'wrong number spelling': 'disagree', 'file expectation not in canonical text': 'disagree',
            'error at the pointer': 'agree', 'error at another pointer': 'disagree',
            'an error the reference does not see': 'disagree', 'malformed JSON at line and column': 'agree',
            'nothing to compare': 'not checked'})
        self.assertIn('/x', outcomes['wrong value'].detail)
        self.assertIn("keys in the order ['x', 'y']", outcomes['wrong key order'].detail)

    def test_catalogs_with_expressions_are_not_checked(self):
        catalogs = {
            'decode': "mapper: 1\nmodels:\n  P:\n    properties:\n      n: { type: int, decode: 'input.m' }\n",
            'encode': "mapper: 1\nmodels:\n  P:\n    properties:\n      n: { type: int, encode: 'self.n' }\n",
            'default': "mapper: 1\nmodels:\n  P:\n    properties:\n      n: { type: int, default: { expr: '1' } }\n",
            'rules': "mapper: 1\nmodels:\n  P:\n    properties: { n: int }\n    rules: [{ rule: 'self.n > 0', message: m }]\n",
            'if': "mapper: 1\nmodels:\n  P:\n    properties: { n: int }\n    variants:\n      when: [{ if: 'input.n > 0', model: Q }]\n"
                  "  Q: { extends: P }\n",
        }
        for kind, catalog in catalogs.items():
            with tempfile.TemporaryDirectory() as root:
                os.makedirs(os.path.join(root, 'Examples', 'Mappings'))
                with open(os.path.join(root, 'Examples', 'Mappings', 'p.yaml'), 'w') as handle:
                    handle.write(catalog)
                with open(os.path.join(root, 'Examples', 'p.test.yaml'), 'w') as handle:
                    handle.write('tests:\n  - { name: t, model: P, input: { n: 1 }, expect: { n: 1 } }\n')
                outcomes = Checker(os.path.join(root, 'Examples'), os.path.join(root, 'Mappings'), root).run()
            self.assertEqual([(o.status, o.detail.split(':')[0]) for o in outcomes], [('not checked', 'expressions')], kind)
        # A default that is an object with other keys, or a model without expressions, is checked.
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, 'Examples', 'Mappings'))
            with open(os.path.join(root, 'Examples', 'Mappings', 'p.yaml'), 'w') as handle:
                handle.write("mapper: 1\nmodels:\n  P:\n    properties:\n      n: int\n      a: { type: any, default: { expr: 1, x: 2 } }\n")
            with open(os.path.join(root, 'Examples', 'p.test.yaml'), 'w') as handle:
                handle.write('tests:\n  - { name: t, model: P, input: { n: 1 }, expect: { n: 1, a: { expr: 1, x: 2 } } }\n')
            outcomes = Checker(os.path.join(root, 'Examples'), os.path.join(root, 'Mappings'), root).run()
        self.assertEqual([o.status for o in outcomes], ['agree'], outcomes[0].detail)


if __name__ == '__main__':
    unittest.main()
