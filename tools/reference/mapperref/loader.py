"""Reading and checking a catalog: every `*.yaml`/`*.yml` file under the given paths (hidden files and
`*.test.yaml` skipped), in sorted path order.

Each file is one YAML document whose root is a mapping with `mapper: 1` and any of `models`,
`enums`, `formats`, `routes`. Names are global to the catalog (defining one twice is an error),
models and enums match `[A-Z][A-Za-z0-9_]*`, formats `[a-z][a-z0-9_]*`, properties and enum cases
`[A-Za-z_][A-Za-z0-9_]*`. Every problem is collected (`file:line:column: message`) and raised
together as a `CatalogError`.
"""
import re

from . import keystyle
from .canonical import CanonicalReader
from .catalog import (TEMPLATE_FIELD, Catalog, CatalogError, Enum, Migration, Model, Property, Variants,
                      catalog_files, key_paths, parse_key_path)
from .formats import BUILT_IN, NumberStyle, PatternDate
from .jsonvalue import ABSENT, Number, json_equal
from .numberformats import NumberFormatError
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
FLAGS = ('required', 'transient', 'flatten', 'compare', 'archive')
UNKNOWN_KEYS = ('ignore', 'reject', 'keep')
MERGE_STRATEGIES = ('replace', 'keep', 'sum', 'max', 'min', 'append', 'union', 'deep')


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
        models = self.catalog.models
        for model in models.values():
            if model.extends is not None:
                model.base = models.get(model.extends)
                if model.base is None:
                    self.problem(model.spec.mark_of('extends'), f"model '{model.name}' extends unknown model '{model.extends}'")
        for model in models.values():
            self.check_cycle(model)
        done = set()
        for model in models.values():
            self.resolve(model, done)
        for model in models.values():
            for prop in model.properties:
                if prop.declared_in == model.name:
                    self.check_property(model, prop)
        for model in models.values():
            if self.flatten_cycle(model, []):
                continue
            self.check_key_paths(model)
            if 'variants' in model.spec:
                self.add_variants(model, model.spec['variants'])
            self.add_migrations(model)
        for model in models.values():
            for prop in model.properties:
                if prop.declared_in == model.name and prop.default is not ABSENT:
                    reader = CanonicalReader(self.catalog)
                    value = reader.value(prop.default, prop.type, '', f'{model.name}.{prop.name}')
                    if reader.errors:
                        self.problem(prop.mark, f"default of '{model.name}.{prop.name}': {reader.errors[0].message}")
                    else:
                        prop.default = value

    def check_cycle(self, model):
        seen = []
        current = model
        while current is not None:
            if current.name in seen:
                self.problem(model.mark, f"inheritance cycle: {' → '.join(seen + [current.name])}")
                model.base = None
                return
            seen.append(current.name)
            current = current.base

    def flatten_cycle(self, model, chain):
        if model.name in chain:
            self.problem(model.mark, f"flattening never ends: {' → '.join(chain + [model.name])}")
            return True
        for prop in model.properties:
            if prop.flatten and isinstance(prop.type, NamedType) and prop.type.model is not None:
                if self.flatten_cycle(prop.type.model, chain + [model.name]):
                    prop.flatten = False
                    return True
        return False

    def resolve(self, model, done):
        if model.name in done:
            return
        done.add(model.name)
        if model.base is not None:
            self.resolve(model.base, done)
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
        if 'version' in spec:
            version = spec['version']
            if not isinstance(version, Number) or not re.fullmatch('[1-9][0-9]*', version.text):
                self.problem(spec.mark_of('version'), f"version of model '{model.name}' must be a whole number of at least 1")
            else:
                model.version = int(version.text)
        properties = spec.get('properties') or {}
        if not isinstance(properties, dict):
            self.problem(spec.mark_of('properties'), f"properties of model '{model.name}' must be a mapping")
            return
        for name, declaration in properties.items():
            prop = self.property(model, name, declaration, properties.mark_of(name))
            if prop is None:
                continue
            index = next((i for i, other in enumerate(model.properties) if other.name == name), None)
            if index is None:
                model.properties.append(prop)
            else:
                model.properties[index] = prop  # a redefinition keeps its place

    def property(self, model, name, declaration, mark):
        where = f"property '{name}' of model '{model.name}'"
        if not isinstance(name, str) or not MEMBER_NAME.fullmatch(name):
            self.problem(mark, f"'{name}' is not a valid property name")
            return None
        prop = Property(name, model.name)
        prop.mark = mark
        fields = declaration if isinstance(declaration, dict) else {'type': declaration}
        for field in fields:
            if field not in PROPERTY_FIELDS:
                self.problem(fields.mark_of(field), f"unknown field '{field}' of {where}")
        if 'type' not in fields:
            self.problem(mark, f'{where} needs a type')
            return None
        try:
            prop.type = parse_type(fields['type'])
        except TypeError_ as error:
            self.problem(mark, f'{where}: {error}')
            return None
        for flag in FLAGS:
            if flag in fields and not isinstance(fields[flag], bool):
                self.problem(mark, f"'{flag}' of {where} must be true or false")
        prop.required = fields.get('required') is True
        prop.transient = fields.get('transient') is True
        prop.flatten = fields.get('flatten') is True
        prop.compare = fields.get('compare') is not False
        prop.archive = fields.get('archive') is not False
        prop.computed = fields.get('computed')
        if prop.computed is not None:
            if prop.computed not in ('now', 'uuid'):
                self.problem(mark, f"computed of {where} must be now or uuid")
            prop.transient = True
        conflicts = [('computed' if 'computed' in fields else 'transient', 'key', prop.transient and 'key' in fields),
                     ('computed' if 'computed' in fields else 'transient', 'required', prop.transient and prop.required),
                     ('required', 'default', prop.required and 'default' in fields),
                     ('flatten', 'key', prop.flatten and 'key' in fields),
                     ('flatten', 'required', prop.flatten and prop.required),
                     ('flatten', 'default', prop.flatten and 'default' in fields)]
        for first, second, clash in conflicts:
            if clash:
                self.problem(mark, f"{where} has both '{first}' and '{second}'")
        if 'default' in fields:
            try:
                prop.default = to_json(fields['default'])
            except ValueError as error:
                self.problem(mark, f'default of {where}: {error}')
        prop.merge = fields.get('merge', 'replace')
        if prop.merge not in MERGE_STRATEGIES:
            self.problem(mark, f"unknown merge strategy '{prop.merge}' of {where}")
        prop.conversion = Conversion(fields.get('json'), fields.get('format'))
        prop.constraints = {field: fields[field] for field in ('min_length', 'max_length', 'minimum', 'maximum', 'pattern')
                            if field in fields}
        if 'transform' in fields:
            self.problem(mark, f"{where} names transformer '{fields['transform']}': the reference has no transformers")
        if not prop.transient and not prop.flatten:
            try:
                key = fields.get('key', keystyle.convert(name, model.key_style))
                if not isinstance(key, str):
                    raise ValueError(f"the key of {where} must be a string")
                prop.key = parse_key_path(key)
            except ValueError as error:
                self.problem(mark, str(error))
        return prop

    def check_property(self, model, prop):
        where = f"property '{prop.name}' of model '{model.name}'"
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
        if prop.computed is not None and str(prop.type) != {'now': 'date', 'uuid': 'uuid'}.get(prop.computed):
            self.problem(prop.mark, f"'computed: {prop.computed}' does not fit {where} of type {prop.type}")
        self.check_constraints(prop, where, scalar if prop.type is inner else None)
        self.check_merge(prop, where, scalar if prop.type is inner else None)
        if prop.flatten and not (isinstance(prop.type, NamedType) and prop.type.model is not None):
            self.problem(prop.mark, f"flatten needs a model type ({where})")

    def check_constraints(self, prop, where, scalar):
        limits = prop.constraints
        sized = isinstance(prop.type, (ArrayType, DictType)) or (scalar is not None and scalar.length)
        applies = {'min_length': sized, 'max_length': sized, 'minimum': scalar is not None and scalar.bounds,
                   'maximum': scalar is not None and scalar.bounds, 'pattern': scalar is not None and scalar.pattern}
        for field, value in limits.items():
            if not applies[field]:
                self.problem(prop.mark, f"{field} does not apply to {where} of type {prop.type}")
            elif field.endswith('length') and not (isinstance(value, Number) and re.fullmatch('[0-9]+', value.text)):
                self.problem(prop.mark, f"{field} of {where} must be a whole number of at least 0")
            elif field in ('minimum', 'maximum') and not isinstance(value, Number):
                self.problem(prop.mark, f"{field} of {where} must be a number")
        for low, high in (('min_length', 'max_length'), ('minimum', 'maximum')):
            if isinstance(limits.get(low), Number) and isinstance(limits.get(high), Number) \
                    and limits[low].decimal > limits[high].decimal:
                self.problem(prop.mark, f"{low} of {where} is greater than its {high}")
        if 'pattern' in limits:
            try:
                limits['pattern'] = re.compile(limits['pattern'])
            except (re.error, TypeError) as error:
                self.problem(prop.mark, f"invalid pattern for {where}: {error}")

    def check_merge(self, prop, where, scalar):
        needs = {'sum': scalar is not None and scalar.bounds,
                 'max': scalar is not None and (scalar.bounds or scalar.name == 'date'),
                 'min': scalar is not None and (scalar.bounds or scalar.name == 'date'),
                 'append': isinstance(prop.type, ArrayType), 'union': isinstance(prop.type, ArrayType),
                 'deep': isinstance(prop.type, NamedType) and prop.type.model is not None}
        if not needs.get(prop.merge, True):
            self.problem(prop.mark, f"merge strategy '{prop.merge}' does not fit {where} of type {prop.type}")

    def check_key_paths(self, model):
        seen = {}
        for path, prop in key_paths(model):
            if tuple(path) in seen:
                self.problem(prop.mark, f"'{model.name}.{prop.name}' and '{seen[tuple(path)]}' read the same key path '{'.'.join(path)}'")
            seen[tuple(path)] = f'{model.name}.{prop.name}'

    def add_variants(self, model, spec):
        mark = model.spec.mark_of('variants')
        where = f"the variants of model '{model.name}'"
        if not isinstance(spec, dict):
            self.problem(mark, f'{where} must be a mapping')
            return
        for field in set(spec) - {'by', 'cases', 'when', 'fallback'}:
            self.problem(spec.mark_of(field), f"unknown key '{field}' in {where}")
        if 'when' in spec and ('by' in spec or 'cases' in spec) or not ('when' in spec or 'by' in spec or 'cases' in spec):
            self.problem(mark, f'{where} need either a discriminator (by + cases) or predicates (when)')
            return
        if ('by' in spec) != ('cases' in spec):
            self.problem(mark, f"{where} need both 'by' and 'cases'")
            return
        variants = Variants()
        try:
            if 'by' in spec:
                variants.by = parse_key_path(spec['by'])
                variants.cases = [(to_json(value), target) for value, target in (spec['cases'] or {}).items()]
            for rule in spec.get('when') or []:
                if not isinstance(rule, dict) or ('has' in rule) == ('equals' in rule) or set(rule) - {'has', 'equals', 'model'}:
                    raise ValueError('a when rule is {has: KEY, model: M} or {equals: {KEY: VALUE}, model: M}')
                if 'has' in rule:
                    variants.when.append(('has', parse_key_path(rule['has']), rule.get('model')))
                else:
                    tests = [(parse_key_path(path), to_json(value)) for path, value in rule['equals'].items()]
                    variants.when.append(('equals', tests, rule.get('model')))
        except (ValueError, AttributeError, TypeError) as error:
            self.problem(mark, f'{where}: {error}')
            return
        variants.fallback = spec.get('fallback')
        targets = [target for _, target in variants.cases]
        tests = [(rule[0], repr(rule[1])) for rule in variants.when]
        if len(set(targets)) != len(targets) or len(set(tests)) != len(tests):
            self.problem(mark, f'{where} name a model or a test twice')
        for target in variants.models():
            other = self.catalog.models.get(target)
            if other is None:
                self.problem(mark, f"variant '{target}' of model '{model.name}' is not a model")
            elif not other.is_a(model):
                self.problem(mark, f"variant '{target}' does not extend '{model.name}'")
        model.variants = variants

    def add_migrations(self, model):
        steps = model.spec.get('migrations')
        if steps is None:
            return
        where = f"the migrations of model '{model.name}'"
        if not isinstance(steps, list):
            self.problem(model.spec.mark_of('migrations'), f'{where} must be a list of steps')
            return
        for spec in steps:
            if not isinstance(spec, dict) or set(spec) - {'from', 'rename', 'template', 'set', 'drop'} \
                    or not isinstance(spec.get('from'), Number):
                self.problem(model.spec.mark_of('migrations'), f'a step of {where} is {{from: N, rename, template, set, drop}}')
                continue
            step = Migration(int(spec['from'].text))
            step.rename = dict(spec.get('rename') or {})
            step.template = dict(spec.get('template') or {})
            step.drop = list(spec.get('drop') or [])
            for name, value in (spec.get('set') or {}).items():
                prop = model.property(name)
                reader = CanonicalReader(self.catalog)
                step.set[name] = reader.value(to_json(value), prop.type, '', name) if prop else to_json(value)
                if prop is None or reader.errors:
                    self.problem(spec.mark, f"{where} set '{name}' to a value that is not canonical for it")
            for target, text in step.template.items():
                names = TEMPLATE_FIELD.findall(text) if isinstance(text, str) else None
                if names is None or '${' in TEMPLATE_FIELD.sub('', text) or not all(MEMBER_NAME.fullmatch(n) for n in names):
                    self.problem(spec.mark, f"{where}: template for '{target}' must insert fields as ${{field}}")
            model.migrations.append(step)
        sources = [step.source for step in model.migrations]
        if sources and (sorted(sources) != list(range(min(sources), model.version)) or min(sources) < 1):
            self.problem(model.spec.mark_of('migrations'),
                         f'{where} must chain: one step from each version below {model.version}, no duplicates')
        model.migrations.sort(key=lambda step: step.source)
