"""Decoding: external JSON → canonical JSON of a model.

An object gives a model, an array an array of models (null elements stay null), anything else is an
error. Properties are processed in declaration order (inherited first): computed → set; transient →
default or absent; flatten → the nested model read from the same object; else the key path is
walked (an absent or null intermediate makes the property absent, any other non-object is a
key-path conflict), then absent/null rules, conversion by type, constraints. Every error in the
document is collected (up to 100), each with its JSON Pointer into the input and its model path.
On a model with `unknown_keys: keep`, the unread keys go to `$extra`, followed by the upstream
value of every property in which an enum value took its enum's `default` (lossless fallback: the
whole value, at the property's key path).
"""
import copy
import time
import uuid

from . import constraints, instants
from .catalog import key_paths
from .errors import MAX_ERRORS, ErrorList
from .jsonvalue import ABSENT, child_pointer, describe, json_equal
from .typedreader import TypedReader
from .types import ArrayType, DictType, UnionType

_CONFLICT = object()


class Decoder(TypedReader):
    side = 'external'

    def __init__(self, catalog, now=None, strict=False, partial=False):
        super().__init__(catalog)
        self.partial = partial  # a partial document (PATCH): only the keys present are mapped
        self.warnings = ErrorList()  # values on_error let through, shaped like errors
        self.strict = strict  # on_error ignored: every value that does not convert is an error
        self.now = now if now is not None else int(time.time() * 1000) * 1_000_000  # nanoseconds, to the millisecond
        self.fell_back = False  # an enum value of the property being read took the enum's default

    def scalar(self, value, scalar, conversion):
        return scalar.decode(value, conversion)

    def route_value(self, value, prop, pointer, path):
        """A route's body that is a value of a type: converted, then the type's constraints."""
        before = len(self.errors)
        result = self.value(value, prop.type, prop.conversion, pointer, path)
        if len(self.errors) == before and result is not None:
            constraints.check(prop, result, pointer, path, self.errors)
        return result

    def enum(self, value, enum, pointer, path):
        case = enum.matches(value)
        if case is None and enum.default is not None:
            self.fell_back = True
            return enum.default
        if case is None:
            accepted = ', '.join(describe(json_value) for _, json_value, _ in enum.cases)
            self.errors.add(pointer, path, 'unknown-enum-value', f'expected one of {accepted} ({enum.name}), found {describe(value)}')
        return case

    # ------------------------------------------------------------------ models
    def model(self, obj, model, pointer, path):
        out = {}
        concrete = model
        if model.variants is not None:  # a variant decoded directly declares none: no dispatch
            concrete = self.choose(obj, model, pointer, path)
            if concrete is None:
                return None
            out['$type'] = concrete.name
        outer_fell_back = self.fell_back  # a nested model keeps its own values, by its own rule
        fallbacks = []
        self.fields(obj, concrete, pointer, path, out, fallbacks)
        self.fell_back = outer_fell_back
        if concrete.unknown_keys == 'reject':
            mapped = {key[0] for key, _ in key_paths(concrete)} | {by[0] for by in discriminator_paths(concrete)}
            unknown = [key for key in obj if key not in mapped]
            if unknown:
                listed = ', '.join(describe(key) for key in unknown)
                self.errors.add(pointer, path, 'unknown-keys', f'unknown keys {listed} ({concrete.name} rejects unknown keys)')
        elif concrete.unknown_keys == 'keep':
            extra = unread(obj, [key for key, _ in key_paths(concrete)])
            for key, raw in fallbacks:  # lossless enum fallback: the upstream's value, after the unread keys
                put(extra, key, raw)
            if extra:
                out['$extra'] = extra
        return out

    def fields(self, obj, model, pointer, path, out, fallbacks):
        for prop in model.properties:
            prop_path = f'{path}.{prop.name}'
            if self.partial and (prop.computed is not None or prop.transient):
                continue  # partial: nothing is generated, no default applied
            if prop.computed == 'now':
                out[prop.name] = instants.format_canonical(self.now)
            elif prop.computed == 'uuid':
                out[prop.name] = str(uuid.uuid4())
            elif prop.transient:
                if prop.default is not ABSENT:
                    out[prop.name] = copy.deepcopy(prop.default)
            elif prop.flatten:
                nested = {}
                self.fields(obj, prop.type.model, pointer, prop_path, nested, fallbacks)
                if nested or not self.partial:  # partial: a flattened model none of whose keys are present is absent
                    out[prop.name] = nested
            else:
                self.property(obj, prop, pointer, prop_path, out, fallbacks)

    def property(self, obj, prop, pointer, path, out, fallbacks):
        found, leaf_pointer = self.lookup(obj, prop.key, pointer, path)
        if found is _CONFLICT:
            return
        if found is ABSENT and self.partial:
            return  # partial: absent stays absent, required or not, default or not
        if found is None and self.partial:
            out[prop.name] = None  # partial: null stays null, required or not
            return
        if found is ABSENT:
            if prop.default is not ABSENT:
                out[prop.name] = copy.deepcopy(prop.default)
            elif prop.required:
                self.errors.add(leaf_pointer, path, 'missing-required', f"required key '{'.'.join(prop.key)}' is missing")
            return
        if found is None:
            if prop.required:
                self.errors.add(leaf_pointer, path, 'missing-required', f"required key '{'.'.join(prop.key)}' is null")
            else:
                out[prop.name] = None
            return
        before = len(self.errors)
        self.fell_back = False
        mode = 'fail' if self.strict else prop.on_error
        if mode == 'drop':
            value = self.keep_good(found, prop, leaf_pointer, path)
        else:
            value = self.value(found, prop.type, prop.conversion, leaf_pointer, path)
        if len(self.errors) == before:
            constraints.check(prop, value, leaf_pointer, path, self.errors)
        if len(self.errors) > before and mode != 'fail':
            # on_error: what went wrong in this value is a warning, and the value is replaced.
            self.warn(before)
            if mode == 'null':
                out[prop.name] = None
            elif mode == 'default':
                out[prop.name] = copy.deepcopy(prop.default)
            return  # drop: absent
        if self.fell_back:
            fallbacks.append((prop.key, found))  # the whole value of the property
        out[prop.name] = value

    def warn(self, start):
        for error in self.errors[start:]:
            if len(self.warnings) < MAX_ERRORS:
                self.warnings.append(error)
        del self.errors[start:]

    def keep_good(self, found, prop, pointer, path):
        """on_error: drop. The elements of an array (entries of a dictionary) that do not read are
        left out, each a warning; any other value reads as usual (and is left out whole if bad)."""
        type_ = prop.type
        if isinstance(type_, UnionType):
            type_ = type_.member(self.side, found) or type_
        if isinstance(type_, ArrayType) and isinstance(found, list):
            kept = []
            for index, item in enumerate(found):
                before = len(self.errors)
                value = self.value(item, type_.element, prop.conversion, child_pointer(pointer, index), f'{path}[{index}]')
                if len(self.errors) > before:
                    self.warn(before)
                else:
                    kept.append(value)
            return kept
        if isinstance(type_, DictType) and isinstance(found, dict):
            kept = {}
            for key, item in found.items():
                before = len(self.errors)
                value = self.value(item, type_.value, prop.conversion, child_pointer(pointer, key), f'{path}[{key}]')
                if len(self.errors) > before:
                    self.warn(before)
                else:
                    kept[key] = value
            return kept
        return self.value(found, prop.type, prop.conversion, pointer, path)

    def lookup(self, obj, key, pointer, path):
        """(value or ABSENT or _CONFLICT, pointer of the key path's end)."""
        current = obj
        for index, segment in enumerate(key[:-1]):
            pointer = child_pointer(pointer, segment)
            step = current.get(segment, ABSENT)
            if step is ABSENT or step is None:
                for rest in key[index + 1:]:
                    pointer = child_pointer(pointer, rest)
                return ABSENT, pointer
            if not isinstance(step, dict):
                self.errors.add(pointer, path, 'key-path-conflict',
                                f"key path '{'.'.join(key)}' needs an object at '{segment}', found {describe(step)}")
                return _CONFLICT, pointer
            current = step
        return current.get(key[-1], ABSENT), child_pointer(pointer, key[-1])

    # ------------------------------------------------------------------ variants
    def choose(self, obj, model, pointer, path):
        variants = model.variants
        models = self.catalog.models
        for kind, test, target in variants.when:  # predicates first, in order
            if kind == 'has' and peek(obj, test) not in (ABSENT, None):
                return models[target]
            if kind == 'equals' and all(json_equal(peek(obj, key), value) for key, value in test):
                return models[target]
        detail = 'no predicate matches'
        if variants.by is not None:  # then the discriminator
            found = peek(obj, variants.by)
            if found is not ABSENT and found is not None:
                for value, target in variants.cases:
                    if json_equal(found, value):
                        return models[target]
            detail = f"'{'.'.join(variants.by)}' is {'absent' if found is ABSENT else describe(found)}"
        if self.partial and (variants.by is None or peek(obj, variants.by) in (ABSENT, None)):
            return model  # partial: without its discriminator, the declared model
        if variants.fallback is not None:
            return models[variants.fallback]
        self.errors.add(pointer, path, 'no-variant', f'no variant of {model.name} matches: {detail}')
        return None


def put(obj, key, value):
    """Sets the value at a key path, creating (or entering) the objects along it."""
    for segment in key[:-1]:
        if not isinstance(obj.get(segment), dict):
            obj[segment] = {}
        obj = obj[segment]
    obj[key[-1]] = value


def peek(obj, key):
    """The value at a key path, or ABSENT when any step is missing, null or not an object."""
    current = obj
    for segment in key:
        if not isinstance(current, dict) or segment not in current:
            return ABSENT
        current = current[segment]
    return current


def discriminator_paths(model):
    """The `by` key paths that belong to a model's external shape: those of the models in its
    lineage whose discriminated variants name it (or that are the model itself)."""
    for ancestor in model.lineage():
        variants = ancestor.variants
        if variants is not None and variants.by is not None and (
                ancestor is model or model.name in (target for _, target in variants.cases)):
            yield variants.by


def unread(obj, paths):
    """The members of an object no key path reads, nested objects along key paths included; an
    object along a key path is kept as is when nothing in it was read."""
    leaves = {path[0] for path in paths if len(path) == 1}
    deeper = {}
    for path in paths:
        if len(path) > 1:
            deeper.setdefault(path[0], []).append(path[1:])
    out = {}
    for key, value in obj.items():
        if key in leaves:
            continue
        if key in deeper and isinstance(value, dict):
            rest = unread(value, deeper[key])
            if rest or not value:
                out[key] = rest
            continue
        out[key] = value
    return out
