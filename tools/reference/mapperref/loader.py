"""Reading and checking a catalog: every `*.yaml`/`*.yml` file under the given paths (hidden files and
`*.test.yaml` skipped), in sorted path order.

Each file is one YAML document whose root is a mapping with `mapper: 1` and any of `defaults`,
`models`, `enums`, `formats`, `routes`, `functions` (functions.py), `tables` (tables.py); a file's `defaults` (`key_style`, `unknown_keys`, `formats`
per type) apply to the models it declares. A folder file (`_folder.yaml` or `_folder.yml`) holds only
`mapper`, `defaults` and `routes` (`prefix`, `error_model`, `doc`): settings for every file in its
folder and below, which a nearer folder file, and then the file itself, override setting by setting
(a format default type by type). Names are global to the catalog (defining one twice is an error),
models and enums match `[A-Z][A-Za-z0-9_]*`, formats `[a-z][a-z0-9_]*`, properties and enum cases
`[A-Za-z_][A-Za-z0-9_]*`. Every problem is collected (`file:line:column: message`) and raised
together as a `CatalogError`.
"""
import os
import re

from . import keystyle
from .catalog import Catalog, CatalogError, Enum, Model, catalog_files
from .formats import BUILT_IN, NumberStyle, PatternDate
from .functions import Functions
from .tables import Tables
from .scalars import SCALARS
from .jsonvalue import Number, json_equal
from .models import ModelResolver
from .numberformats import NumberFormatError
from .properties import MEMBER_NAME, read_omit
from .tr35 import PatternError
from .routes import ROUTE_BODY, nullable_model, route_value_name
from .types import NamedType, parse_type
from .yamlload import YAMLError, YAMLMap, load_yaml_file, to_json

MODEL_NAME = re.compile(r'[A-Z][A-Za-z0-9_]*')
FORMAT_NAME = re.compile(r'[a-z][a-z0-9_]*')
TOP_KEYS = {'mapper', 'defaults', 'models', 'enums', 'formats', 'routes', 'functions', 'tables'}
FOLDER_FILES = ('_folder.yaml', '_folder.yml')
FOLDER_KEYS = {'mapper', 'defaults', 'routes'}
FOLDER_ROUTE_KEYS = {'prefix', 'error_model', 'doc'}
UNKNOWN_KEYS = ('ignore', 'reject', 'keep')
MODEL_FIELDS = {'doc', 'key_style', 'unknown_keys', 'extra', 'version', 'extends', 'properties', 'variants', 'migrations', 'on_error',
                'omit'}


class Loader:
    def __init__(self, paths):
        self.paths = paths
        self.catalog = Catalog()
        self.problems = []
        self.defaults = []  # one FileDefaults per file
        self.folders = {}  # folder → (its folder file's FileDefaults, its routes settings)
        self.file_defaults_of = {}  # mapping file → its FileDefaults

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
            if os.path.basename(path) in FOLDER_FILES:
                self.read_folder_file(path, document)
            elif self.check_root(path, document):
                documents.append((path, document))
        self.define(documents)
        for defaults in self.defaults + [defaults for defaults, _ in self.folders.values()]:
            defaults.resolve(self.catalog, self.problem)
        for path, defaults in self.file_defaults_of.items():
            for folder_defaults, _ in self.folders_of(path):
                defaults.complete_from(folder_defaults)
        self.resolve_models()
        tables = Tables(self.problem)
        for path, document in documents:
            if 'tables' in document:
                tables.read(document['tables'], path)
        self.catalog.tables = tables.tables
        functions = Functions(self.problem)
        for path, document in documents:
            if 'functions' in document:
                functions.read(document['functions'], document.mark_of('functions'))
        functions.check(self.catalog, [])
        for _, routes in self.folders.values():
            if routes.get('error_model') is not None and routes['error_model'] not in self.catalog.models:
                self.problem(routes.mark_of('error_model'), f"error_model '{routes['error_model']}' of a folder file is not a model")
        for path, document in documents:
            if 'routes' in document:
                try:
                    self.catalog.routes.add_block(document['routes'], self.catalog.models, self.folder_routes(path))
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

    def read_folder_file(self, path, document):
        """A folder file's settings: only `mapper: 1`, `defaults` and `routes` without paths."""
        if not isinstance(document, YAMLMap) or document.get('mapper') != Number('1'):
            self.problem(getattr(document, 'mark', None), f'{path}: a folder file is a mapping with mapper: 1')
            return
        folder = os.path.dirname(path)
        if folder in self.folders:
            self.problem(document.mark, f"folder '{folder}' has two folder files")
            return
        for key in document:
            if key not in FOLDER_KEYS:
                self.problem(document.mark_of(key), f"'{key}' cannot be in a folder file")
        routes = document.get('routes') or {}
        if not isinstance(routes, dict):
            self.problem(document.mark_of('routes'), 'the routes of a folder file are a mapping of prefix and error_model')
            routes = {}
        for key in routes:
            if key not in FOLDER_ROUTE_KEYS:
                self.problem(routes.mark_of(key), f"'{key}' cannot be in the routes of a folder file")
        prefix = routes.get('prefix')
        if prefix is not None and (not isinstance(prefix, str) or re.search('[?#]', prefix)):
            self.problem(routes.mark_of('prefix'), f"the routes prefix {prefix!r} is not a path")
        self.folders[folder] = (FileDefaults(document, self.problem), routes)

    def folders_of(self, path):
        """The folder files' settings that apply to a mapping file, nearest first."""
        found = [(folder, settings) for folder, settings in self.folders.items()
                 if folder == '' or path.startswith(folder + os.sep)]
        return [settings for _, settings in sorted(found, key=lambda item: -len(item[0]))]

    def folder_routes(self, path):
        """The prefix and error_model the nearest folder file that says each gives a file's routes."""
        inherited = {}
        for _, routes in self.folders_of(path):
            for key in ('prefix', 'error_model'):
                if key in routes and key not in inherited:
                    inherited[key] = routes[key]
        if inherited.get('error_model') not in self.catalog.models:
            inherited.pop('error_model', None)  # reported once, at the folder file
        return inherited

    def define(self, documents):
        seen = {}
        for path, document in documents:
            self.file_defaults = FileDefaults(document, self.problem)
            self.defaults.append(self.file_defaults)
            self.file_defaults_of[path] = self.file_defaults
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
        self.define_route_values(documents)

    def define_route_values(self, documents):
        """A route whose body is not an object names a type (`int`, `[string]`, an enum), and one
        whose body may be null a model with `?` (`User?`): it gets a hidden model of that name with
        one property, `value`, of that type (the model for `User?`) (routes.py)."""
        for path, document in documents:
            routes = document.get('routes')
            paths = routes.get('paths') if isinstance(routes, dict) else None
            if not isinstance(paths, dict):
                continue
            self.file_defaults = self.file_defaults_of[path]
            for text, spec in paths.items():
                name = route_value_name(spec, self.catalog.models)
                model = nullable_model(spec, self.catalog.models)
                named = parse_type(spec) if name is not None and model is None and isinstance(spec, str) else None
                if name is None or ROUTE_BODY + name in self.catalog.models or (
                        isinstance(named, NamedType) and name not in self.catalog.enums):
                    continue
                properties = YAMLMap({'value': model or spec})
                body = YAMLMap({'properties': properties})
                properties.mark = body.mark = paths.mark_of(text)
                self.add_model(ROUTE_BODY + name, body, paths.mark_of(text))
                self.catalog.models[ROUTE_BODY + name].route_value = True

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
        self.catalog.models[name] = Model(name, spec, mark, self.file_defaults)

    def resolve_models(self):
        ModelResolver(self.catalog, self.problem).run()


class FileDefaults:
    """A file's `defaults:`: the key style, unknown keys and per-type formats of the models it
    declares, unless a model (or, for formats, a property) says otherwise."""

    def __init__(self, document, problem):
        spec = document.get('defaults')
        self.key_style = self.unknown_keys = self.omit = None
        self.formats = {}  # scalar name → format (names until resolve)
        self.mark = document.mark_of('defaults') if spec is not None else None
        if spec is None:
            return
        if not isinstance(spec, dict):
            problem(self.mark, 'defaults must be a mapping of key_style, unknown_keys and formats')
            return
        for field in spec:
            if field not in ('key_style', 'unknown_keys', 'omit', 'formats'):
                problem(spec.mark_of(field), f"unknown key '{field}' in the defaults of the file")
        if 'key_style' in spec:
            if spec['key_style'] not in keystyle.STYLES:
                problem(spec.mark_of('key_style'), f"unknown key_style '{spec['key_style']}' in the defaults")
            else:
                self.key_style = spec['key_style']
        if 'unknown_keys' in spec:
            if spec['unknown_keys'] not in UNKNOWN_KEYS:
                problem(spec.mark_of('unknown_keys'), f"unknown_keys must be one of {', '.join(UNKNOWN_KEYS)}")
            else:
                self.unknown_keys = spec['unknown_keys']
        if 'omit' in spec:
            self.omit = read_omit(spec['omit'], 'omit of the defaults', spec.mark_of('omit'), problem)
        formats = spec.get('formats') or {}
        if not isinstance(formats, dict):
            problem(spec.mark_of('formats'), 'the formats of the defaults map a type to a format name')
            return
        for type_name, format_name in formats.items():
            scalar = SCALARS.get(type_name)
            if scalar is None or scalar.format_kind is None:
                problem(formats.mark_of(type_name), f"'{type_name}' in the formats of the defaults is not a type that takes a format")
            else:
                self.formats[scalar.name] = (format_name, formats.mark_of(type_name))

    def complete_from(self, outer):
        """What these defaults leave unsaid, taken from a folder file's (nearest first)."""
        self.key_style = self.key_style or outer.key_style
        self.unknown_keys = self.unknown_keys or outer.unknown_keys
        self.omit = self.omit or outer.omit
        for name, format_ in outer.formats.items():
            self.formats.setdefault(name, format_)

    def resolve(self, catalog, problem):
        """Format names → formats, once every file's formats are defined."""
        for name, (format_name, mark) in list(self.formats.items()):
            format_ = catalog.formats.get(format_name) if isinstance(format_name, str) else None
            if format_ is None:
                problem(mark, f"unknown format '{format_name}' for the defaults of the file")
            elif format_.kind != SCALARS[name].format_kind:
                problem(mark, f"format '{format_name}' is a {format_.kind} format, but the defaults give it to type '{name}'")
            else:
                self.formats[name] = format_
                continue
            del self.formats[name]
