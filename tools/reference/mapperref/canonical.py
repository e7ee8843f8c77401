"""Reading canonical JSON (the input of encode, and every `default`): strict.

Keys are property names; `$type` names the concrete model (required when the declared type has
variants, and it must be the model or a descendant); `$extra` only on models that keep unknown
keys. Unknown property names are errors, values must be in canonical form (a date
`YYYY-MM-DDTHH:MM:SS[.sss]Z` without `.000`, a lower-case uuid, an int written as an integer, an
enum's case name), and `required` and the constraints apply. The result is the canonical value
normalized: properties in declaration order, `$type` first, `$extra` last.
"""
from . import constraints
from .errors import ErrorList, MappingErrors
from .jsonvalue import ABSENT, child_pointer, describe
from .scalars import Mismatch
from .types import ArrayType, DictType, ScalarType


class CanonicalReader:
    def __init__(self, catalog, supertypes=False):
        self.catalog = catalog
        self.errors = ErrorList()
        self.supertypes = supertypes  # `$type` may name an ancestor too (a merge source)

    def document(self, value, model, pointer=''):
        if isinstance(value, dict):
            result = self.model(value, model, pointer, model.name)
        elif isinstance(value, list):
            result = [None if item is None else self.model(item, model, f'{pointer}/{index}', f'{model.name}[{index}]')
                      for index, item in enumerate(value)]
        else:
            self.errors.add(pointer, model.name, 'invalid-input', f'expected an object or an array of objects, found {describe(value)}')
            result = None
        if self.errors:
            raise MappingErrors(self.errors)
        return result

    def value(self, value, type_, pointer, path):
        if value is None:
            return None
        if isinstance(type_, ScalarType):
            try:
                return type_.scalar.read(value)
            except Mismatch as error:
                self.errors.add(pointer, path, 'type-mismatch', str(error))
                return None
        if isinstance(type_, ArrayType):
            if not isinstance(value, list):
                self.errors.add(pointer, path, 'type-mismatch', f'expected an array, found {describe(value)}')
                return None
            return [self.value(item, type_.element, child_pointer(pointer, index), f'{path}[{index}]')
                    for index, item in enumerate(value)]
        if isinstance(type_, DictType):
            if not isinstance(value, dict):
                self.errors.add(pointer, path, 'type-mismatch', f'expected an object, found {describe(value)}')
                return None
            return {key: self.value(item, type_.value, child_pointer(pointer, key), f'{path}[{key}]')
                    for key, item in value.items()}
        if type_.enum is not None:
            if not isinstance(value, str) or value not in type_.enum.names():
                names = ', '.join(type_.enum.names())
                self.errors.add(pointer, path, 'unknown-enum-value', f'expected a case name of {type_.name} ({names}), found {describe(value)}')
                return None
            return value
        return self.model(value, type_.model, pointer, path)

    def model(self, obj, declared, pointer, path, flattened=False):
        if not isinstance(obj, dict):
            self.errors.add(pointer, path, 'type-mismatch', f'expected an object ({declared.name}), found {describe(obj)}')
            return None
        concrete = declared
        out = {}
        if '$type' in obj and not flattened:
            named = self.catalog.models.get(obj['$type']) if isinstance(obj['$type'], str) else None
            if named is None or not (named.is_a(declared) or self.supertypes and declared.is_a(named)):
                self.errors.add(child_pointer(pointer, '$type'), path, 'type-mismatch',
                                f'expected {declared.name} or a model that extends it, found {describe(obj["$type"])}')
                return None
            concrete = named
        elif declared.variants is not None and not flattened:
            self.errors.add(pointer, path, 'type-mismatch',
                            f'canonical JSON of {declared.name} needs "$type" naming its concrete model')
            return None
        if '$type' in obj or declared.variants is not None:
            out['$type'] = concrete.name
        names = {prop.name for prop in concrete.properties} | {'$type'}
        if concrete.unknown_keys == 'keep':
            names.add('$extra')
        unknown = [key for key in obj if key not in names]
        if unknown:
            listed = ', '.join(describe(key) for key in unknown)
            self.errors.add(pointer, path, 'unknown-keys', f'unknown properties {listed} of {concrete.name}')
        for prop in concrete.properties:
            prop_pointer, prop_path = child_pointer(pointer, prop.name), f'{path}.{prop.name}'
            value = obj.get(prop.name, ABSENT)
            if value is ABSENT or value is None:
                if prop.required:
                    state = 'missing' if value is ABSENT else 'null'
                    self.errors.add(prop_pointer, prop_path, 'missing-required', f"required property '{prop.name}' is {state}")
                elif value is None:
                    out[prop.name] = None
                continue
            before = len(self.errors)
            if prop.flatten:
                out[prop.name] = self.model(value, prop.type.model, prop_pointer, prop_path, flattened=True)
            else:
                out[prop.name] = self.value(value, prop.type, prop_pointer, prop_path)
            if len(self.errors) == before:
                constraints.check(prop, out[prop.name], prop_pointer, prop_path, self.errors)
        if '$extra' in obj and concrete.unknown_keys == 'keep':
            if not isinstance(obj['$extra'], dict):
                self.errors.add(child_pointer(pointer, '$extra'), path, 'type-mismatch',
                                f'expected an object of kept keys, found {describe(obj["$extra"])}')
            else:
                out['$extra'] = obj['$extra']
        return out
