"""Reading a catalog: every `*.yaml`/`*.yml` file under the given paths, in sorted path order.

Each file is one YAML document with `mapper: 1` and any of `models`, `enums`, `formats`, `routes`;
names are global to the catalog. The result holds resolved models (inheritance applied, keys
computed by each property's declaring model's key style, type names resolved), enums, formats and
the route table. Every problem found is collected and raised together as a `CatalogError`.
"""
import os
import re

from . import keystyle
from .formats import BUILT_IN, NumberStyle, PatternDate
from .jsonvalue import ABSENT, Number, json_equal
from .numberformats import NumberFormatError
from .routes import RouteTable
from .scalars import Conversion
from .tr35 import PatternError
from .types import ArrayType, DictType, NamedType, ScalarType, TypeError_, leaf, parse_type, walk
from .yamlload import YAMLError, YAMLMap, load_yaml_file, to_json

MODEL_NAME = re.compile(r'[A-Z][A-Za-z0-9_]*')
FORMAT_NAME = re.compile(r'[a-z][a-z0-9_]*')
MEMBER_NAME = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
TOP_KEYS = {'mapper', 'models', 'enums', 'formats', 'routes'}
MODEL_FIELDS = {'doc', 'key_style', 'unknown_keys', 'version', 'extends', 'properties', 'variants', 'migrations'}
PROPERTY_FIELDS = {'type', 'key', 'required', 'default', 'json', 'format', 'transient', 'computed', 'compare',
                   'archive', 'merge', 'flatten', 'transform', 'min_length', 'max_length', 'minimum', 'maximum',
                   'pattern', 'doc'}
UNKNOWN_KEYS = ('ignore', 'reject', 'keep')
MERGE_STRATEGIES = ('replace', 'keep', 'sum', 'max', 'min', 'append', 'union', 'deep')


class CatalogError(Exception):
    def __init__(self, problems):
        self.problems = problems
        super().__init__('\n'.join(problems))


class Property:
    def __init__(self, name, declared_in):
        self.name = name
        self.declared_in = declared_in
        self.type = None
        self.key = None           # key path segments; None for transient, computed and flatten
        self.required = False
        self.default = ABSENT
        self.conversion = Conversion()
        self.transient = False
        self.computed = None
        self.flatten = False
        self.constraints = {}
        self.mark = None


class Variants:
    def __init__(self):
        self.by = None            # key path of the discriminator
        self.cases = []           # [(JSON value, model name)]
        self.when = []            # [('has', path, model) | ('equals', [(path, value)], model)]
        self.fallback = None

    def models(self):
        yield from (model for _, model in self.cases)
        yield from (rule[2] for rule in self.when)
        if self.fallback:
            yield self.fallback


class Model:
    def __init__(self, name, spec, mark):
        self.name = name
        self.spec = spec
        self.mark = mark
        self.extends = spec.get('extends')
        self.base = None
        self.properties = []
        self.variants = None
        self.key_style = 'as_is'
        self.unknown_keys = 'ignore'

    def property(self, name):
        return next((prop for prop in self.properties if prop.name == name), None)

    def lineage(self):
        """The model, then its base, then the base's base …"""
        model = self
        while model is not None:
            yield model
            model = model.base

    def is_a(self, other):
        return any(model is other for model in self.lineage())


class Enum:
    def __init__(self, name):
        self.name = name
        self.cases = []           # [(case name, JSON value, [aliases])]
        self.default = None

    def case_for(self, value):
        for case, json_value, aliases in self.cases:
            if json_equal(value, json_value) or any(json_equal(value, alias) for alias in aliases):
                return case
        return self.default

    def json_of(self, case):
        return next(json_value for name, json_value, _ in self.cases if name == case)

    def names(self):
        return [case for case, _, _ in self.cases]


class Catalog:
    def __init__(self):
        self.models = {}
        self.enums = {}
        self.formats = dict(BUILT_IN)
        self.routes = RouteTable()
        self.files = []

    def model(self, name):
        return self.models.get(name)


def catalog_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs[:] = [d for d in dirs if not d.startswith('.')]
                files += [os.path.join(root, name) for name in names
                          if name.endswith(('.yaml', '.yml')) and not name.startswith('.')
                          and not name.endswith('.test.yaml')]
        else:
            files.append(path)
    return sorted(files)


def load_catalog(paths):
    return _Loader(paths).load()


def parse_key_path(text):
    """Key path segments: `.` separates, `\\.` is a literal dot and `\\\\` a backslash."""
    segments, current, index = [], '', 0
    while index < len(text):
        char = text[index]
        if char == '\\' and index + 1 < len(text) and text[index + 1] in '.\\':
            current += text[index + 1]
            index += 2
            continue
        if char == '.':
            segments.append(current)
            current = ''
        else:
            current += char
        index += 1
    segments.append(current)
    if any(segment == '' for segment in segments):
        raise ValueError(f"key path '{text}' has an empty segment")
    return segments


class _Loader:
    def __init__(self, paths):
        self.paths = paths
        self.catalog = Catalog()
        self.problems = []
        self.specs = {}           # model name → (spec, mark, file)

    def problem(self, mark, message):
        self.problems.append(f'{mark}: {message}' if mark else message)

    def load(self):
        documents = []
        for path in catalog_files(self.paths):
            self.catalog.files.append(path)
            try:
                document = load_yaml_file(path)
            except (YAMLError, OSError) as error:
                self.problem(None, f'{path}: {error}')
                continue
            if self.check_root(path, document):
                documents.append(document)
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
        self.resolve_models()
        for document in documents:
            if 'routes' in document:
                self.add_routes(document['routes'], document.mark_of('routes'))
        if self.problems:
            raise CatalogError(self.problems)
        return self.catalog

    def check_root(self, path, document):
        if not isinstance(document, YAMLMap):
            self.problem(None, f'{path}: a mapping file must be a YAML mapping with mapper: 1')
            return False
        if document.get('mapper') != Number('1'):
            self.problem(document.mark, 'the file must start with mapper: 1 (the language version)')
            return False
        for key in document:
            if key not in TOP_KEYS:
                self.problem(document.mark_of(key), f"unknown top-level key '{key}'")
        return True

    # ------------------------------------------------------------------ formats and enums
    def add_format(self, name, spec, mark):
        try:
            if not isinstance(spec, dict):
                raise ValueError('a format is a mapping with date: or number:')
            unknown = set(spec) - {'date', 'number', 'locale', 'time_zone', 'calendar'}
            if unknown:
                raise ValueError(f"unknown format field '{sorted(unknown)[0]}'")
            locale = spec.get('locale', 'en_US_POSIX')
            if spec.get('calendar', 'gregorian') != 'gregorian':
                raise ValueError('only the gregorian calendar is supported')
            if 'date' in spec:
                format_ = PatternDate(name, spec['date'], locale, spec.get('time_zone', 'UTC'))
                failure = format_.check_samples()
                if failure:
                    raise ValueError(failure)
            elif 'number' in spec:
                format_ = NumberStyle(name, spec['number'], locale)
            else:
                raise ValueError('a format needs date: or number:')
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
        used = []
        for case, value in cases.items():
            aliases = []
            if isinstance(value, dict):
                if 'json' not in value:
                    self.problem(cases.mark_of(case), f"enum case '{case}': an object value must use the long form {{json: …}}")
                    continue
                aliases = [to_json(alias) for alias in value.get('aliases', [])]
                value = value['json']
            value = to_json(value)
            for json_value in [value] + aliases:
                if json_value is None:
                    self.problem(cases.mark_of(case), f"enum case '{case}': null cannot be a case value")
                if any(json_equal(json_value, other) for other in used):
                    self.problem(cases.mark_of(case), f"enum '{name}': a JSON value is used by two cases")
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
        models = self.catalog.models
        for model in models.values():
            if model.extends is not None:
                model.base = models.get(model.extends)
                if model.base is None:
                    self.problem(model.spec.mark_of('extends'), f"model '{model.name}' extends unknown model '{model.extends}'")
        done = set()
        for model in models.values():
            self.resolve(model, done, [])
        for model in models.values():
            for prop in model.properties:
                if prop.declared_in == model.name:
                    self.check_property(model, prop)
        for model in models.values():
            self.check_key_paths(model)
            if 'variants' in model.spec:
                self.add_variants(model, model.spec['variants'])
        from .canonical import CanonicalReader  # the defaults are canonical JSON
        for model in models.values():
            for prop in model.properties:
                if prop.declared_in == model.name and prop.default is not ABSENT:
                    reader = CanonicalReader(self.catalog)
                    value = reader.value(prop.default, prop.type, '', f'{model.name}.{prop.name}')
                    if reader.errors:
                        self.problem(prop.mark, f"default of '{model.name}.{prop.name}': {reader.errors[0].message}")
                    else:
                        prop.default = value

    def resolve(self, model, done, chain):
        if model.name in done:
            return
        if model.name in chain:
            self.problem(model.mark, f"inheritance cycle: {' → '.join(chain + [model.name])}")
            model.base = None
        chain = chain + [model.name]
        if model.base is not None:
            self.resolve(model.base, done, chain)
            model.properties = list(model.base.properties)
            model.key_style = model.base.key_style
            model.unknown_keys = model.base.unknown_keys
        spec = model.spec
        if 'key_style' in spec:
            if spec['key_style'] not in keystyle.STYLES:
                self.problem(spec.mark_of('key_style'), f"unknown key_style '{spec['key_style']}'")
            else:
                model.key_style = spec['key_style']
        if 'unknown_keys' in spec:
            if spec['unknown_keys'] not in UNKNOWN_KEYS:
                self.problem(spec.mark_of('unknown_keys'), f"unknown_keys must be one of {', '.join(UNKNOWN_KEYS)}")
            else:
                model.unknown_keys = spec['unknown_keys']
        properties = spec.get('properties') or {}
        for name, declaration in properties.items():
            prop = self.property(model, name, declaration, properties.mark_of(name))
            if prop is None:
                continue
            index = next((i for i, other in enumerate(model.properties) if other.name == name), None)
            if index is None:
                model.properties.append(prop)
            else:
                model.properties[index] = prop  # a redefinition keeps its place
        done.add(model.name)

    def property(self, model, name, declaration, mark):
        if not isinstance(name, str) or not MEMBER_NAME.fullmatch(name):
            self.problem(mark, f"'{name}' is not a valid property name")
            return None
        prop = Property(name, model.name)
        prop.mark = mark
        fields = declaration if isinstance(declaration, dict) else {'type': declaration}
        for field in fields:
            if field not in PROPERTY_FIELDS:
                self.problem(fields.mark_of(field), f"unknown field '{field}' of property '{model.name}.{name}'")
        if 'type' not in fields:
            self.problem(mark, f"property '{model.name}.{name}' needs a type")
            return None
        try:
            prop.type = parse_type(fields['type'])
        except TypeError_ as error:
            self.problem(mark, f"property '{model.name}.{name}': {error}")
            return None
        prop.required = fields.get('required', False) is True
        prop.transient = fields.get('transient', False) is True
        prop.computed = fields.get('computed')
        prop.flatten = fields.get('flatten', False) is True
        if prop.computed is not None:
            if prop.computed not in ('now', 'uuid'):
                self.problem(mark, f"computed must be now or uuid, found '{prop.computed}'")
            prop.transient = True
        if 'default' in fields:
            prop.default = to_json(fields['default'])
        prop.conversion = Conversion(fields.get('json'), fields.get('format'))
        prop.constraints = {field: fields[field] for field in ('min_length', 'max_length', 'minimum', 'maximum', 'pattern')
                            if field in fields}
        if prop.flatten:
            if 'key' in fields:
                self.problem(mark, f"flattened property '{model.name}.{name}' cannot have a key")
        elif not prop.transient:
            try:
                prop.key = parse_key_path(fields['key']) if 'key' in fields else [keystyle.convert(name, model.key_style)]
            except ValueError as error:
                self.problem(mark, str(error))
        return prop

    def check_property(self, model, prop):
        where = f"property '{model.name}.{prop.name}'"
        for type_ in walk(prop.type):
            if isinstance(type_, NamedType):
                type_.model = self.catalog.models.get(type_.name)
                type_.enum = self.catalog.enums.get(type_.name)
                if type_.model is None and type_.enum is None:
                    self.problem(prop.mark, f"unknown type '{type_.name}' for {where}")
                    return
        inner = leaf(prop.type)
        scalar = inner.scalar if isinstance(inner, ScalarType) else None
        hint, format_name = prop.conversion.hint, prop.conversion.format
        if hint is not None and (scalar is None or hint not in scalar.hints):
            self.problem(prop.mark, f"json: {hint} does not apply to {where} of type {prop.type}")
        if format_name is not None:
            format_ = self.catalog.formats.get(format_name)
            if format_ is None:
                self.problem(prop.mark, f"unknown format '{format_name}' for {where}")
            elif scalar is None or scalar.format_kind != format_.kind:
                self.problem(prop.mark, f"format '{format_name}' does not apply to {where} of type {prop.type}")
            prop.conversion = Conversion(hint, format_)
        sized = isinstance(prop.type, (ArrayType, DictType)) or (scalar is not None and scalar.length and prop.type is inner)
        bounded = scalar is not None and scalar.bounds and prop.type is inner
        for field, value in prop.constraints.items():
            applies = {'min_length': sized, 'max_length': sized, 'minimum': bounded, 'maximum': bounded,
                       'pattern': scalar is not None and scalar.pattern and prop.type is inner}[field]
            if not applies:
                self.problem(prop.mark, f"{field} does not apply to {where} of type {prop.type}")
        if 'pattern' in prop.constraints:
            try:
                prop.constraints['pattern'] = re.compile(prop.constraints['pattern'])
            except re.error as error:
                self.problem(prop.mark, f"invalid pattern for {where}: {error}")
        if prop.flatten and not (isinstance(prop.type, NamedType) and prop.type.model is not None):
            self.problem(prop.mark, f"flatten needs a model type ({where})")

    def check_key_paths(self, model):
        seen = {}
        for path, prop in key_paths(model):
            if tuple(path) in seen:
                self.problem(prop.mark, f"'{model.name}.{prop.name}' and '{seen[tuple(path)]}' read the same key path '{'.'.join(path)}'")
            seen[tuple(path)] = f'{model.name}.{prop.name}'

    def add_variants(self, model, spec):
        variants = Variants()
        mark = model.spec.mark_of('variants')
        if not isinstance(spec, dict):
            self.problem(mark, f"variants of '{model.name}' must be a mapping")
            return
        if 'by' in spec:
            variants.by = parse_key_path(spec['by'])
            variants.cases = [(to_json(value), target) for value, target in (spec.get('cases') or {}).items()]
        for rule in spec.get('when') or []:
            if 'has' in rule:
                variants.when.append(('has', parse_key_path(rule['has']), rule.get('model')))
            elif 'equals' in rule:
                tests = [(parse_key_path(path), to_json(value)) for path, value in rule['equals'].items()]
                variants.when.append(('equals', tests, rule.get('model')))
            else:
                self.problem(mark, f"a when rule of '{model.name}' needs has: or equals:")
        variants.fallback = spec.get('fallback')
        for target in variants.models():
            other = self.catalog.models.get(target)
            if other is None:
                self.problem(mark, f"variant '{target}' of '{model.name}' is not a model")
            elif not other.is_a(model):
                self.problem(mark, f"variant '{target}' does not extend '{model.name}'")
        model.variants = variants

    def add_routes(self, spec, mark):
        try:
            self.catalog.routes.add_block(spec, self.catalog.models)
        except ValueError as error:
            self.problem(mark, str(error))


def key_paths(model):
    """(key path, property) of every property read from the model's own JSON object, flattened
    models' included."""
    for prop in model.properties:
        if prop.flatten and isinstance(prop.type, NamedType) and prop.type.model is not None:
            yield from key_paths(prop.type.model)
        elif prop.key is not None:
            yield prop.key, prop
