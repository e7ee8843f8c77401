"""Reading canonical JSON (the input of encode, and every `default`): strict.

Keys are property names; `$type` names the concrete model (required when the declared type has
variants, and it must be the model or a descendant); `$extra` only on models that keep unknown
keys. Unknown property names are errors, values must be in canonical form (a date
`YYYY-MM-DDTHH:MM:SS[.sss]Z` without `.000`, a lower-case uuid, an int written as an integer, an
enum's case name, a union's value in the form of the member its kind picks), and `required` and the
constraints apply. The result is the canonical value
normalized: properties in declaration order, `$type` first, `$extra` last (left out when empty).
"""
from . import constraints
from .jsonvalue import ABSENT, child_pointer, describe
from .typedreader import TypedReader


class CanonicalReader(TypedReader):
    side = 'canonical'

    def __init__(self, catalog, supertypes=False, partial=False):
        super().__init__(catalog)
        self.supertypes = supertypes  # `$type` may name an ancestor too (a merge source)
        self.partial = partial  # a partial document (PATCH): `required` and `$type` not demanded

    def scalar(self, value, scalar, conversion):
        return scalar.read(value)

    def enum(self, value, enum, pointer, path):
        if not isinstance(value, str) or value not in enum.names():
            names = ', '.join(enum.names())
            self.errors.add(pointer, path, 'unknown-enum-value', f'expected a case name of {enum.name} ({names}), found {describe(value)}')
            return None
        return value

    def model(self, obj, declared, pointer, path, flattened=False):
        concrete = declared
        out = {}
        if '$type' in obj and not flattened:
            named = self.catalog.models.get(obj['$type']) if isinstance(obj['$type'], str) else None
            if named is None or not (named.is_a(declared) or self.supertypes and declared.is_a(named)):
                self.errors.add(child_pointer(pointer, '$type'), path, 'type-mismatch',
                                f'expected {declared.name} or a model that extends it, found {describe(obj["$type"])}')
                return None
            concrete = named
        elif declared.variants is not None and not flattened and not self.partial:
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
            self.errors.add(pointer, path, 'unknown-property', f'unknown properties {listed} of {concrete.name}')
        for prop in concrete.properties:
            prop_pointer, prop_path = child_pointer(pointer, prop.name), f'{path}.{prop.name}'
            value = obj.get(prop.name, ABSENT)
            if value is ABSENT or value is None:
                if prop.required and not self.partial:
                    state = 'missing' if value is ABSENT else 'null'
                    self.errors.add(prop_pointer, prop_path, 'missing-required', f"required property '{prop.name}' is {state}")
                elif value is None:
                    out[prop.name] = None
                continue
            before = len(self.errors)
            if prop.flatten and isinstance(value, dict):
                out[prop.name] = self.model(value, prop.type.model, prop_pointer, prop_path, flattened=True)
            else:
                out[prop.name] = self.value(value, prop.type, prop.conversion, prop_pointer, prop_path)
            if len(self.errors) == before:
                constraints.check(prop, out[prop.name], prop_pointer, prop_path, self.errors)
        if '$extra' in obj and concrete.unknown_keys == 'keep':
            if not isinstance(obj['$extra'], dict):
                self.errors.add(child_pointer(pointer, '$extra'), path, 'type-mismatch',
                                f'expected an object of kept keys, found {describe(obj["$extra"])}')
            elif obj['$extra']:  # no kept keys is the same as an empty $extra
                out['$extra'] = obj['$extra']
        return out
