"""Resolving a catalog's models once every file is read: inheritance (a base's properties first; a
redefinition keeps its place; `key_style`, `unknown_keys` inherited unless set), cycles, property
types, key paths (several properties may read one key), variants, migrations and defaults (read as
canonical JSON).
"""
import copy
import re

from . import keystyle
from .canonical import CanonicalReader
from .catalog import EXTRA, TEMPLATE_FIELD, Migration, Variants, parse_key_path
from .jsonvalue import ABSENT, Number
from .properties import MEMBER_NAME, check_property, on_error_conflict, read_omit, read_on_error, read_property
from .types import NamedType
from .yamlload import to_json

UNKNOWN_KEYS = ('ignore', 'reject', 'keep')  # as loader.py checks them in a file's defaults


class ModelResolver:
    def __init__(self, catalog, problem):
        self.catalog = catalog
        self.problem = problem

    def run(self):
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
                    check_property(self.catalog, model, prop, self.problem)
        for model in models.values():
            self.spread_on_error(model)  # after the checks: a copied property keeps what they resolved
        for model in models.values():
            if self.flatten_cycle(model, []):
                continue
            if 'variants' in model.spec:
                self.add_variants(model, model.spec['variants'])
            self.add_migrations(model)
        read = set()  # property objects (a model's on_error may have copied an inherited one)
        for model in models.values():
            for prop in model.properties:
                if id(prop) not in read and prop.default is not ABSENT:
                    read.add(id(prop))
                    owner = prop.declared_in
                    reader = CanonicalReader(self.catalog)
                    value = reader.value(prop.default, prop.type, prop.conversion, '', f'{owner}.{prop.name}')
                    if reader.errors:
                        if prop.declared_in == model.name:
                            self.problem(prop.mark, f"default of '{owner}.{prop.name}': {reader.errors[0].message}")
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
            model.extra = dict(model.base.extra)
            model.on_error = model.base.on_error
            model.omit = model.base.omit
        defaults = model.file_defaults  # a file default counts as the model's own setting
        model.key_style = defaults.key_style or model.key_style
        model.unknown_keys = defaults.unknown_keys or model.unknown_keys
        model.omit = defaults.omit or model.omit
        spec = model.spec
        if 'omit' in spec:
            model.omit = read_omit(spec['omit'], f"omit of model '{model.name}'", spec.mark_of('omit'), self.problem)
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
        if 'extra' in spec:
            self.read_extra(model, spec)
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
            prop = read_property(model, name, declaration, properties.mark_of(name), self.problem)
            if prop is None:
                continue
            index = next((i for i, other in enumerate(model.properties) if other.name == name), None)
            if index is None:
                model.properties.append(prop)
            else:
                model.properties[index] = prop  # a redefinition keeps its place
        if 'on_error' in spec:
            model.on_error = read_on_error(spec['on_error'], f"on_error of model '{model.name}'", spec.mark_of('on_error'), self.problem)

    def spread_on_error(self, model):
        """A model's on_error is the setting of each property that has none of its own and that can
        take it; a model that sets one no property can take is a problem."""
        mode = model.on_error
        if mode is None or mode == 'fail':
            return
        taken = False
        for index, prop in enumerate(model.properties):
            if prop.on_error_written or on_error_conflict(prop, mode):
                continue
            if prop.on_error != mode:
                prop = copy.copy(prop)  # inherited properties are shared with the base
                prop.on_error = mode
                model.properties[index] = prop
            taken = True
        if not taken and 'on_error' in model.spec:
            self.problem(model.spec.mark_of('on_error'), f"'on_error: {mode}' of model '{model.name}' fits none of its properties")

    def read_extra(self, model, spec):
        """`extra: { compare, archive, merge }`: set, it replaces the inherited one (the fields it
        leaves out take their defaults)."""
        extra, mark = spec['extra'], spec.mark_of('extra')
        model.extra = dict(EXTRA)
        if model.unknown_keys != 'keep':
            self.problem(mark, f"'extra' of model '{model.name}' applies to models that keep unknown keys")
        if not isinstance(extra, dict):
            self.problem(mark, f"'extra' of model '{model.name}' is a mapping of compare, archive and merge")
            return
        for field, value in extra.items():
            if field not in EXTRA:
                self.problem(extra.mark_of(field), f"unknown key '{field}' in 'extra' of model '{model.name}'")
            elif field == 'merge' and value not in ('replace', 'keep'):
                self.problem(extra.mark_of(field), f"the merge strategy of $extra is replace or keep, found '{value}'")
            elif field != 'merge' and not isinstance(value, bool):
                self.problem(extra.mark_of(field), f"'{field}' of 'extra' of model '{model.name}' must be true or false")
            else:
                model.extra[field] = value

    def add_variants(self, model, spec):
        mark = model.spec.mark_of('variants')
        where = f"the variants of model '{model.name}'"
        if not isinstance(spec, dict):
            self.problem(mark, f'{where} must be a mapping')
            return
        for field in set(spec) - {'by', 'cases', 'when', 'fallback'}:
            self.problem(spec.mark_of(field), f"unknown key '{field}' in {where}")
        if not ('when' in spec or 'by' in spec or 'cases' in spec):
            self.problem(mark, f'{where} need a discriminator (by + cases), predicates (when) or both')
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
                step.set[name] = reader.value(to_json(value), prop.type, prop.conversion, '', name) if prop else to_json(value)
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
