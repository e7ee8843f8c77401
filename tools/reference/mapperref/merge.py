"""Merging (Mantle's mergeValuesForKeysFromModel:): canonical target and source → canonical result.

The target's properties that the source's type also declares are updated, each by its strategy:
`replace` (the source's value when it has one, null included), `keep` (the target's, the source's
only when the target has none), `sum`/`max`/`min` (numbers, and dates and calendar dates for max/min; an absent or null
side gives the other; an int sum beyond 64 bits is an error, decimal sums are exact), `append`
(target then source), `union` (target, then source elements not already there), `deep` (nested
models property by property). Kept unknown keys (`$extra`) merge key by key: the source's value
wins for keys it has (`replace`), or only fills keys the target lacks (`extra: { merge: keep }`).
The source may be a subtype or a supertype (`$type`). The result is
read back as canonical JSON, so `required` and the constraints hold for it.
"""
from decimal import Context, Decimal

from . import instants
from .canonical import CanonicalReader
from .errors import MappingError, MappingErrors
from .jsonvalue import ABSENT, Number, json_equal
from .numbers import INT64_MAX, INT64_MIN, double_number, plain_decimal
from .types import ScalarType

_EXACT = Context(prec=100_000)


def merge(catalog, model, target, source, partial=False):
    """`partial`: the source is a partial document (a PATCH), read without `required`."""
    target = CanonicalReader(catalog).document(target, model, '/target')
    source_reader = CanonicalReader(catalog, supertypes=True, partial=partial)
    source = source_reader.document(source, model, '/source')
    errors = []
    merged = merge_models(catalog, model, target, source, errors)
    if errors:
        raise MappingErrors(errors)
    return CanonicalReader(catalog).document(merged, model)


def _concrete(catalog, declared, value):
    return catalog.models[value['$type']] if '$type' in value else declared


def merge_models(catalog, declared, target, source, errors, path=None):
    target_model = _concrete(catalog, declared, target)
    source_names = {prop.name for prop in _concrete(catalog, declared, source).properties}
    path = path or declared.name
    out = {'$type': target['$type']} if '$type' in target else {}
    for prop in target_model.properties:
        mine = target.get(prop.name, ABSENT)
        theirs = source.get(prop.name, ABSENT) if prop.name in source_names else ABSENT
        value = _strategy(catalog, prop, mine, theirs, errors, f'{path}.{prop.name}')
        if value is not ABSENT:
            out[prop.name] = value
    if '$extra' in target or '$extra' in source:  # key by key, by the model's strategy for $extra
        kept = dict(target.get('$extra', {}))
        for key, value in source.get('$extra', {}).items():
            if key not in kept or target_model.extra['merge'] == 'replace':
                kept[key] = value
        out['$extra'] = kept
    return out


def _strategy(catalog, prop, mine, theirs, errors, path):
    strategy = prop.merge
    if strategy == 'replace':
        return mine if theirs is ABSENT else theirs
    if strategy == 'keep':
        return theirs if mine is ABSENT else mine
    if mine in (ABSENT, None) or theirs in (ABSENT, None):
        return theirs if mine in (ABSENT, None) and theirs is not ABSENT else mine
    if strategy == 'append':
        return mine + theirs
    if strategy == 'union':
        result = list(mine)
        result += [item for item in theirs if not any(json_equal(item, other) for other in result)]
        return result
    if strategy == 'deep':
        return merge_models(catalog, prop.type.model, mine, theirs, errors, path)
    scalar = prop.type.scalar if isinstance(prop.type, ScalarType) else None
    if scalar.name in ('date', 'local_date'):
        ordered = sorted([mine, theirs], key=instants.parse_canonical if scalar.name == 'date' else instants.parse_day)
        return ordered[-1] if strategy == 'max' else ordered[0]
    if strategy in ('max', 'min'):
        bigger = mine if mine.decimal >= theirs.decimal else theirs
        smaller = theirs if bigger is mine else mine
        return bigger if strategy == 'max' else smaller
    if scalar.name == 'int':
        total = int(mine.text) + int(theirs.text)
        if not INT64_MIN <= total <= INT64_MAX:
            errors.append(MappingError('', path, 'constraint', f'the sum {total} does not fit in a 64-bit integer'))
            return mine
        return Number(str(total))
    if scalar.name == 'double':
        return double_number(float(mine.text) + float(theirs.text))
    return Number(plain_decimal(_EXACT.add(Decimal(mine.text), Decimal(theirs.text))))
