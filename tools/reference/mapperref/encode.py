"""Encoding: canonical JSON → the external JSON shape (the reverse mapping).

The canonical input is read strictly first (canonical.py). Then, per property in declaration
order: transient and computed ones are never written, absent ones are omitted, null ones are
written `null`; key paths create the intermediate objects, shared by properties with a common
prefix (a path into a prefix that holds a non-object is a key-path conflict), and a longer path
writes into an object a shorter one wrote (`login` at `user.login` into `author` at `user`):
objects merge, equal values agree, and two different values at one place are a key-path conflict.
Several properties may write one key: the first with a value writes it, and another holding a
value written differently (objects are not merged here) is a key-path conflict naming both;
flattened models write into the same object. A model that is a case of its ancestor's `by` variants writes its case
value at the `by` key path (over a property mapped there). `omit` (the property's, else its
model's, else the run's) leaves out a member whose external value is null (`nulls`) or also
"", [] or {} (`empty`); a key path's intermediate objects are only made for written members. Kept unknown keys (`$extra`) go last,
merged into objects the mapped keys built; mapped keys win. A value kept in `$extra` at a
property's key path is written instead of the property's own while it decodes to what the property
holds, for properties whose enums can fall back to a `default` (lossless enum fallback).
"""
import copy

from .canonical import CanonicalReader
from .decode import Decoder, peek
from .routes import ROUTE_BODY
from .errors import ErrorList, MappingErrors
from .instants import Unrepresentable
from .jsonvalue import ABSENT, child_pointer, describe, json_equal
from .types import ArrayType, DictType, ScalarType, UnionType


class Encoder:
    def __init__(self, catalog, omit=None, partial=False):
        self.catalog = catalog
        self.partial = partial  # the canonical input is a partial document: `required` not enforced
        self.omit = omit  # the run's omit, where the catalog says nothing
        self.errors = ErrorList()
        self.writers = {}  # (id of an output object, key) → the model path of the property that wrote it

    def document(self, value, model):
        canonical = CanonicalReader(self.catalog, partial=self.partial).document(value, model)
        if model.route_value:  # a route's body that is a value of a type (routes.py)
            prop = model.properties[0]
            result = self.value(canonical, prop.type, prop.conversion, '', model.name[len(ROUTE_BODY):])
        elif isinstance(canonical, list):
            result = [None if item is None else self.model(item, model, f'/{index}', f'{model.name}[{index}]')
                      for index, item in enumerate(canonical)]
        else:
            result = self.model(canonical, model, '', model.name)
        if self.errors:
            raise MappingErrors(self.errors)
        return result

    def model(self, canonical, declared, pointer, path):
        concrete = self.catalog.models[canonical['$type']] if '$type' in canonical else declared
        out = {}
        self.fields(canonical, concrete, out, pointer, path, canonical.get('$extra'))
        case = case_value(concrete)
        if case is not None:
            by, value = case
            self.put(out, by, copy.deepcopy(value), pointer, path, override=True)
        if '$extra' in canonical:
            merge_kept(out, canonical['$extra'])
        return out

    def fields(self, canonical, model, out, pointer, path, extra):
        for prop in model.properties:
            value = canonical.get(prop.name, ABSENT)
            prop_path = f'{path}.{prop.name}'
            if prop.transient or value is ABSENT:
                continue
            if prop.flatten:
                if value is not None:
                    self.fields(value, prop.type.model, out, pointer, prop_path, extra)
                continue
            at = pointer
            for segment in prop.key:
                at = child_pointer(at, segment)
            kept = ABSENT if extra is None or not prop.falls_back else peek(extra, prop.key)
            if kept is not ABSENT and self.decodes_to(kept, prop, value):
                external = copy.deepcopy(kept)  # lossless enum fallback: the upstream's own value
            else:
                external = self.value(value, prop.type, prop.conversion, at, prop_path)
            if omitted(external, prop.omit or model.omit or self.omit or 'never'):
                continue  # left out: the intermediate objects of its key path are made only for written values
            self.put(out, prop.key, external, pointer, prop_path)

    def decodes_to(self, kept, prop, value):
        """Whether a value kept in `$extra` at a property's key decodes to what the property holds."""
        decoder = Decoder(self.catalog)
        decoded = decoder.value(kept, prop.type, prop.conversion, '', '')
        return not decoder.errors and json_equal(decoded, value)

    def value(self, value, type_, conversion, pointer, path):
        if value is None:
            return None
        if isinstance(type_, ScalarType):
            try:
                return type_.scalar.encode(value, conversion.fitting(type_.scalar))
            except Unrepresentable as problem:
                self.errors.add(pointer, path, 'unrepresentable', str(problem))
                return None
        if isinstance(type_, ArrayType):
            return [self.value(item, type_.element, conversion, child_pointer(pointer, index), f'{path}[{index}]')
                    for index, item in enumerate(value)]
        if isinstance(type_, DictType):
            return {key: self.value(item, type_.value, conversion, child_pointer(pointer, key), f'{path}[{key}]')
                    for key, item in value.items()}
        if isinstance(type_, UnionType):  # the member the canonical value's kind picks
            return self.value(value, type_.member('canonical', value), conversion, pointer, path)
        if type_.enum is not None:
            return copy.deepcopy(type_.enum.json_of(value))
        return self.model(value, type_.model, pointer, path)

    def put(self, out, key, value, pointer, path, override=False):
        current, owner = out, ('', None)
        for segment in key[:-1]:
            pointer = child_pointer(pointer, segment)
            owner = self.writers.get((id(current), segment), owner)
            step = current.get(segment, ABSENT)
            if step is ABSENT:
                step = current[segment] = {}
            elif not isinstance(step, dict):
                self.errors.add(pointer, path, 'key-path-conflict',
                                f"cannot write key path '{'.'.join(key)}' into {describe(step)}")
                return
            current = step
        last = key[-1]
        existing = current.get(last, ABSENT)
        if existing is ABSENT or override:
            current[last] = value
            self.writers[(id(current), last)] = (path, key)
            return
        first, first_key = self.writers.get((id(current), last), owner)
        if first_key == key and not json_equal(existing, value):  # one key, several properties: no merging
            self.conflict(child_pointer(pointer, last), path, first, '.'.join(key), existing, value)
        else:
            self.merge_written(current, last, value, child_pointer(pointer, last), path, '.'.join(key), first)

    def merge_written(self, parent, key, value, pointer, path, where, first):
        """Two properties write at one place (the same key, or key paths that overlap): objects
        merge member by member, equal values agree, anything else would lose one of them: a
        key-path conflict naming both."""
        existing = parent[key]
        if isinstance(existing, dict) and isinstance(value, dict):
            for member, item in value.items():
                if member in existing:
                    self.merge_written(existing, member, item, child_pointer(pointer, member), path, f'{where}.{member}', first)
                else:
                    existing[member] = item
        elif not json_equal(existing, value):
            self.conflict(pointer, path, first, where, existing, value)

    def conflict(self, pointer, path, first, where, existing, value):
        names = ' and '.join(f"'{writer.rsplit('.', 1)[-1]}'" for writer in (first, path))
        self.errors.add(pointer, path, 'key-path-conflict',
                        f"properties {names} both write key '{where}': {describe(existing)} and {describe(value)}")


def omitted(external, policy):
    """Whether `omit` leaves out a member whose external value is `external`: `nulls` a null,
    `empty` also "", [] and {}."""
    if policy == 'never':
        return False
    if external is None:
        return True
    return policy == 'empty' and isinstance(external, (str, list, dict)) and len(external) == 0


def case_value(model):
    """(by key path, JSON value) when a model is a case of its own or an ancestor's `by` variants."""
    for ancestor in model.lineage():
        variants = ancestor.variants
        if variants is not None and variants.by is not None:
            for value, target in variants.cases:
                if target == model.name:
                    return variants.by, value
    return None


def merge_kept(out, kept):
    """Adds kept keys to an object: missing ones are appended, objects on both sides merged."""
    for key, value in kept.items():
        if key not in out:
            out[key] = copy.deepcopy(value)
        elif isinstance(out[key], dict) and isinstance(value, dict):
            merge_kept(out[key], value)
