"""python3 -m mapperref: the reference's command line (script/reference wraps it).

  check [--examples DIR] [--verbose]     compare every golden test's expectation with the reference
  generate --data DIR                    regenerate Examples/github, events and twitter from DIR
  differential --mapper PATH             mapper and the reference on mutated golden inputs
  decode MODEL|--route URL [FILE]        external JSON → canonical JSON, as the reference computes it
  encode MODEL [FILE]                    canonical JSON → external JSON
Run with PYTHONPATH=tools/reference from the repository root.
"""
import argparse
import os
import sys

from .catalog import CatalogError, load_catalog
from .decode import Decoder
from .encode import Encoder
from .errors import MappingErrors
from .golden import Checker
from .instants import parse_iso8601
from .jsonparse import JSONError, parse_json
from .jsonwrite import write_json

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def main(argv=None):
    sys.setrecursionlimit(20000)  # documents nest up to 512 levels
    parser = argparse.ArgumentParser(prog='mapperref', description='The reference implementation of the mapping language.')
    commands = parser.add_subparsers(dest='command', required=True)
    check = commands.add_parser('check', help='check the golden tests against the reference')
    check.add_argument('--examples', default=os.path.join(REPOSITORY, 'Examples'))
    check.add_argument('--mappings', default=os.path.join(REPOSITORY, 'Mappings'), help='the default catalog')
    check.add_argument('--verbose', '-v', action='store_true', help='list the tests that agree too')
    generate = commands.add_parser('generate', help='regenerate the real-data examples')
    generate.add_argument('--data', default=os.path.join(os.path.dirname(REPOSITORY), 'shared', 'data'))
    generate.add_argument('--examples', default=os.path.join(REPOSITORY, 'Examples'))
    generate.add_argument('--mappings', default=os.path.join(REPOSITORY, 'Mappings'))
    differential = commands.add_parser('differential', help='run mapper and the reference on mutated golden inputs')
    differential.add_argument('--mapper', required=True, help='the mapper executable')
    differential.add_argument('--examples', default=os.path.join(REPOSITORY, 'Examples'))
    differential.add_argument('--mappings', default=os.path.join(REPOSITORY, 'Mappings'), help='the default catalog')
    differential.add_argument('--seed', type=int, default=1)
    differential.add_argument('--mutations', type=int, default=6, help='mutations of each input')
    for name in ('decode', 'encode'):
        command = commands.add_parser(name)
        command.add_argument('model', nargs='?')
        command.add_argument('file', nargs='?')
        command.add_argument('--mappings', action='append')
        command.add_argument('--partial', action='store_true', help='a partial document (PATCH)')
        if name == 'decode':
            command.add_argument('--route')
            command.add_argument('--method')
            command.add_argument('--status', type=int)
            command.add_argument('--now')
        else:
            command.add_argument('--omit', choices=('never', 'nulls', 'empty'))
    arguments = parser.parse_args(argv)
    if arguments.command == 'check':
        return run_check(arguments)
    if arguments.command == 'differential':
        from .differential import run
        return run(os.path.abspath(arguments.mapper), arguments.examples, arguments.mappings, REPOSITORY,
                   arguments.seed, arguments.mutations)
    if arguments.command == 'generate':
        from .generate import run_generate
        return run_generate(arguments)
    return run_transform(arguments)


def run_check(arguments):
    outcomes = Checker(arguments.examples, arguments.mappings, REPOSITORY).run()
    groups = {}
    for outcome in outcomes:
        groups.setdefault(outcome.status, []).append(outcome)
        if outcome.status == 'disagree':
            print(f'DISAGREE {outcome.file}: {outcome.name}\n    {outcome.detail}')
        elif outcome.status == 'not checked' or arguments.verbose:
            print(f'{outcome.status.upper()} {outcome.file}: {outcome.name}' + (f' ({outcome.detail})' if outcome.detail else ''))
    agreed = groups.get('agree', [])
    kinds = {}
    for outcome in agreed:
        kinds[outcome.detail] = kinds.get(outcome.detail, 0) + 1
    reasons = {}
    for outcome in groups.get('not checked', []):
        reasons[outcome.detail] = reasons.get(outcome.detail, 0) + 1
    print(f'{len(outcomes)} golden tests: {len(agreed)} agree with the reference '
          f'({", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))}), '
          f'{len(groups.get("disagree", []))} disagree, {len(groups.get("not checked", []))} not checked'
          + (f' ({"; ".join(f"{count}: {reason}" for reason, count in sorted(reasons.items()))})' if reasons else ''))
    return 1 if groups.get('disagree') else 0


class UnknownModel(Exception):
    pass


def known_model(catalog, name):
    """The model of this name, or the hidden model of a route body's type (`[date]`, `Point?`)."""
    model = catalog.model(name)
    if model is None:
        raise UnknownModel(f"unknown model '{name}'")
    return model


def run_transform(arguments):
    try:
        catalog = load_catalog(arguments.mappings or [os.path.join(REPOSITORY, 'Mappings')])
    except CatalogError as error:
        print(error, file=sys.stderr)
        return 1
    if getattr(arguments, 'route', None) and arguments.model and not arguments.file:
        arguments.file, arguments.model = arguments.model, None  # decode --route URL FILE
    data = open(arguments.file, 'rb').read() if arguments.file else sys.stdin.buffer.read()
    try:
        value = parse_json(data)
        if arguments.command == 'decode':
            name = arguments.model
            if arguments.route:
                found = catalog.routes.match(arguments.route, arguments.method, arguments.status)
                if found is None:
                    print(f"error: no route matches '{arguments.route}'", file=sys.stderr)
                    return 1
                name = found[0]
            now = parse_iso8601(arguments.now) if arguments.now else None
            result = Decoder(catalog, now=now, partial=arguments.partial).document(value, known_model(catalog, name))
        else:
            result = Encoder(catalog, omit=arguments.omit, partial=arguments.partial).document(
                value, known_model(catalog, arguments.model))
    except JSONError as error:
        print(f'error: {error.pointer or "/"}: {error}', file=sys.stderr)
        return 1
    except UnknownModel as error:
        print(f'error: {error}', file=sys.stderr)
        return 1
    except MappingErrors as errors:
        for error in errors.errors:
            print(f'error: {error.pointer or "/"} ({error.path}): {error.message} [{error.code}]', file=sys.stderr)
        return 1
    print(write_json(result))
    return 0


if __name__ == '__main__':
    sys.exit(main())
