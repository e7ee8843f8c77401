"""Reading and checking a catalog: every `*.yaml`/`*.yml` file under the given paths (hidden files and
`*.test.yaml` skipped), in sorted path order.

Each file is one YAML document whose root is a mapping with `mapper: 1` and any of `models`,
`enums`, `formats`, `routes`. Names are global to the catalog (defining one twice is an error),
models and enums match `[A-Z][A-Za-z0-9_]*`, formats `[a-z][a-z0-9_]*`, properties and enum cases
`[A-Za-z_][A-Za-z0-9_]*`. Every problem is collected (`file:line:column: message`) and raised
together as a `CatalogError`.
"""
import re

from .catalog import Catalog, CatalogError, Enum, Model, catalog_files
from .formats import BUILT_IN, NumberStyle, PatternDate
from .jsonvalue import Number, json_equal
from .models import ModelResolver
from .numberformats import NumberFormatError
from .properties import MEMBER_NAME
from .tr35 import PatternError
from .yamlload import YAMLError, YAMLMap, load_yaml_file, to_json

MODEL_NAME = re.compile(r'[A-Z][A-Za-z0-9_]*')
FORMAT_NAME = re.compile(r'[a-z][a-z0-9_]*')
TOP_KEYS = {'mapper', 'models', 'enums', 'formats', 'routes'}
MODEL_FIELDS = {'doc', 'key_style', 'unknown_keys', 'version', 'extends', 'properties', 'variants', 'migrations'}


class Loader:
    def __init__(self, paths):
        self.paths = paths
        self.catalog = Catalog()
        self.problems = []

    def problem(self, mark, message):
        self.problems.append(f'{mark}: {message}' if mark else message)

    def load(self):
        documents = []
        for path in catalog_files(self.paths):
            self.catalog.files.append(path)
            try:
                document = load_yaml_file(path)
            except (YAMLError, OSError) as error:
                self.problem(None, str(error) if getattr(error, 'mark', None) else f'{path}: {error}')
                continue
            if self.check_root(path, document):
                documents.append(document)
        self.define(documents)
        self.resolve_models()
        for document in documents:
            if 'routes' in document:
                try:
                    self.catalog.routes.add_block(document['routes'], self.catalog.models)
                except ValueError as error:
                    self.problem(document.mark_of('routes'), str(error))
        if self.problems:
            raise CatalogError(self.problems)
        return self.catalog

    def check_root(self, path, document):
        if not isinstance(document, YAMLMap):
            self.problem(None, f'{path}: a mapping file must be a YAML mapping with mapper: 1')
            return False
        if document.get('mapper') != Number('1'):
            self.problem(document.mark, 'the file must say mapper: 1 (the language version)')
            return False
        for key in document:
            if key not in TOP_KEYS:
                self.problem(document.mark_of(key), f"unknown top-level key '{key}'")
        return True

    def define(self, documents):
        seen = {}
        for document in documents:
            for section in ('formats', 'enums', 'models'):
                entries = document.get(section) or {}
                if not isinstance(entries, dict):
                    self.problem(document.mark_of(section), f"'{section}' must be a mapping")
                    continue
                for name, spec in entries.items():
                    mark = entries.mark_of(name)
                    pattern = FORMAT_NAME if section == 'formats' else MODEL_NAME
                    if not isinstance(name, str) or not pattern.fullmatch(name):
                        self.problem(mark, f"'{name}' is not a valid {section[:-1]} name")
                        continue
                    space = 'formats' if section == 'formats' else 'types'
                    if (space, name) in seen or (section == 'formats' and name in BUILT_IN):
                        self.problem(mark, f"'{name}' is defined twice (also at {seen.get((space, name), 'built in')})")
                        continue
                    seen[(space, name)] = mark
                    getattr(self, f'add_{section[:-1]}')(name, spec, mark)

    # ------------------------------------------------------------------ formats and enums
    def add_format(self, name, spec, mark):
        try:
            if not isinstance(spec, dict) or ('date' in spec) == ('number' in spec):
                raise ValueError('a format is a mapping with either date: or number:')
            allowed = {'date', 'locale', 'time_zone', 'calendar'} if 'date' in spec else {'number', 'locale'}
            unknown = sorted(set(spec) - allowed)
            if unknown:
                raise ValueError(f"'{unknown[0]}' does not apply to this format")
            locale = spec.get('locale', 'en_US_POSIX')
            if 'date' in spec:
                if spec.get('calendar', 'gregorian') != 'gregorian':
                    raise ValueError('only the gregorian calendar is supported')
                format_ = PatternDate(name, spec['date'], locale, spec.get('time_zone', 'UTC'))
                failure = format_.check_samples()
                if failure:
                    raise ValueError(failure)
            else:
                format_ = NumberStyle(name, spec['number'], locale)
        except (ValueError, PatternError, NumberFormatError) as error:
            self.problem(mark, f"format '{name}': {error}")
            return
        self.catalog.formats[name] = format_

    def add_enum(self, name, spec, mark):
        enum = Enum(name)
        cases = spec.get('cases') if isinstance(spec, dict) else None
        if not isinstance(cases, dict) or not cases:
            self.problem(mark, f"enum '{name}' needs cases")
            return
        for field in set(spec) - {'cases', 'default', 'doc'}:
            self.problem(spec.mark_of(field), f"unknown key '{field}' in enum '{name}'")
        used = []
        for case, value in cases.items():
            where = cases.mark_of(case)
            if not isinstance(case, str) or not MEMBER_NAME.fullmatch(case):
                self.problem(where, f"'{case}' is not a valid enum case name")
                continue
            aliases = []
            if isinstance(value, dict):
                if 'json' not in value or set(value) - {'json', 'aliases'}:
                    self.problem(where, f"enum case '{case}': the long form is {{json: …, aliases: […]}}")
                    continue
                aliases = value.get('aliases') or []
                value = value['json']
            try:
                value, aliases = to_json(value), [to_json(alias) for alias in aliases]
            except ValueError as error:
                self.problem(where, f"enum case '{case}': {error}")
                continue
            for json_value in [value] + aliases:
                if json_value is None:
                    self.problem(where, f"enum case '{case}': null cannot be a case value")
                if any(json_equal(json_value, other) for other in used):
                    self.problem(where, f"enum '{name}': a JSON value is used by two cases")
                used.append(json_value)
            enum.cases.append((case, value, aliases))
        default = spec.get('default')
        if default is not None and default not in enum.names():
            self.problem(mark, f"enum '{name}': default '{default}' is not one of its cases")
        enum.default = default
        self.catalog.enums[name] = enum

    # ------------------------------------------------------------------ models
    def add_model(self, name, spec, mark):
        if not isinstance(spec, dict):
            self.problem(mark, f"model '{name}' must be a mapping")
            return
        for field in spec:
            if field not in MODEL_FIELDS:
                self.problem(spec.mark_of(field), f"unknown field '{field}' of model '{name}'")
        self.catalog.models[name] = Model(name, spec, mark)

    def resolve_models(self):
        ModelResolver(self.catalog, self.problem).run()
