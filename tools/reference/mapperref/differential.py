"""A differential run: mapper and the reference on the same mutated inputs must agree.

Every decode test under Examples/ gives an input (and every decode and encode test a canonical
document); each is mutated a few times (a member removed, or a value replaced by null, a string, a
number, a boolean, an empty array or object), with a fixed seed so that a run is repeatable. The
mutated documents go through `mapper decode`/`mapper encode --ndjson --keep-going` and through the
reference; per document both must give the same result (canonical text for decode, JSON value for
encode) or reject it with the same set of (pointer, code) errors.
"""
import copy
import json
import os
import random
import subprocess

from .catalog import load_catalog
from .decode import Decoder
from .encode import Encoder
from .errors import MappingErrors
from .golden import Rejected, catalog_path, read_input, test_files, uses_expressions
from .jsonparse import parse_json
from .jsonvalue import Number, json_equal
from .jsonwrite import write_json
from .yamlload import load_yaml_file

NOW = '2020-01-01T00:00:00Z'
REPLACEMENTS = [None, 'x', '', Number('1.5'), Number('7'), Number('-1'), Number('1e400'), True, [], {},
                '2015-09-25T07:00:00Z']


def mutate(value, chance):
    """The value with one member removed or one value replaced, chosen at random."""
    value = copy.deepcopy(value)
    places = []

    def visit(node):
        children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in list(children):
            places.append((node, key))
            visit(child)
    visit(value)
    if not places:
        return value
    parent, key = chance.choice(places)
    if isinstance(parent, dict) and chance.random() < 0.25:
        del parent[key]
    else:
        parent[key] = copy.deepcopy(chance.choice(REPLACEMENTS))
    return value


def documents(examples, default_catalog, operation):
    """{(catalog path, model, now): [documents]} from the golden tests."""
    found = {}
    for test_file in test_files(examples):
        catalog = catalog_path(test_file, examples, default_catalog)
        for test in load_yaml_file(test_file).get('tests') or []:
            kind = test.get('operation', 'decode')
            field = 'input' if kind == operation else 'expect' if (operation, kind) == ('encode', 'decode') else None
            if field is None or field not in test or 'model' not in test:
                continue
            try:
                document = read_input(test[field], os.path.dirname(test_file))
            except Rejected:
                continue
            found.setdefault((catalog, test['model'], test.get('now') or NOW), []).append(document)
    return found


def run(mapper, examples, default_catalog, repository, seed=1, mutations=6):
    chance = random.Random(seed)
    catalogs = {}
    checked = disagreements = 0
    for operation in ('decode', 'encode'):
        for (path, model_name, now), originals in documents(examples, default_catalog, operation).items():
            if uses_expressions(path):
                continue  # CEL expressions: not implemented by the reference
            catalog = catalogs.setdefault(path, load_catalog([path]))
            model = catalog.model(model_name)  # a route body's type too (`[date]`, `Point?`)
            if any(prop.computed == 'uuid' for prop in model.properties):
                continue  # random by design
            inputs = [mutate(document, chance) for document in originals for _ in range(mutations)]
            theirs = run_mapper(mapper, operation, model_name, path, now, inputs, repository)
            for document, (output, errors) in zip(inputs, theirs):
                checked += 1
                mine, my_errors = run_reference(catalog, operation, model, now, document)
                same = (errors == my_errors) if errors or my_errors else (
                    output == mine if operation == 'decode' else json_equal(parse_json(output), parse_json(mine)))
                if not same:
                    disagreements += 1
                    print(f'DISAGREE {operation} {model_name} ({os.path.relpath(path, repository)}): '
                          f'{write_json(document, pretty=False)[:400]}\n    mapper:    {errors or output[:400]}\n'
                          f'    reference: {my_errors or mine[:400]}')
    print(f'{checked} mutated documents through mapper and the reference: {disagreements} disagree')
    return 1 if disagreements else 0


def run_reference(catalog, operation, model, now, document):
    from .instants import parse_iso8601
    try:
        if operation == 'decode':
            result = Decoder(catalog, now=parse_iso8601(now)).document(document, model)
        else:
            result = Encoder(catalog).document(document, model)
        return write_json(result, pretty=False), None
    except MappingErrors as errors:
        return None, sorted({(error.pointer, error.code) for error in errors.errors})


def run_mapper(mapper, operation, model, catalog, now, inputs, repository):
    """[(compact output or None, sorted (pointer, code) errors or None)] per input line."""
    command = [mapper, operation, model, '--ndjson', '--keep-going', '--compact', '--error-format', 'json',
               '--mappings', catalog] + (['--now', now] if operation == 'decode' else [])
    text = ''.join(write_json(document, pretty=False) + '\n' for document in inputs)
    process = subprocess.run(command, input=text, capture_output=True, text=True, cwd=repository)
    failed = {}
    for line in process.stderr.splitlines():
        report = json.loads(line)
        if 'errors' not in report:
            continue  # warnings of a record that decoded (on_error): its output is on stdout
        failed[report['line']] = sorted({(error['pointer'], error.get('code')) for error in report['errors']})
    outputs = iter(process.stdout.splitlines())
    return [(None, failed[number]) if number in failed else (next(outputs), None)
            for number in range(1, len(inputs) + 1)]
