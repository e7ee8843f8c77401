"""Equality of models (`diff`): two canonical documents are equal when their concrete types are equal
and every property with `compare: true` (the default) is equal; absent equals only absent, numbers
compare by value, and so are the kept unknown keys (`$extra`, unless the model says
`extra: { compare: false }`). `differences` lists the property paths where they differ (`name`,
`tags[1]`, `owner.visits`, `$type`), in declaration order, then the kept keys that differ
(`$extra.region`).
"""
from .canonical import CanonicalReader
from .jsonvalue import ABSENT, json_equal
from .types import ArrayType, DictType, NamedType, UnionType


def diff(catalog, model, first, second):
    first = CanonicalReader(catalog).document(first, model, '')
    second = CanonicalReader(catalog).document(second, model, '/other')
    return differences(catalog, model, first, second, '')


def differences(catalog, declared, first, second, prefix):
    first_model = catalog.models[first['$type']] if '$type' in first else declared
    second_model = catalog.models[second['$type']] if '$type' in second else declared
    if first_model is not second_model:
        return [prefix + '$type']
    found = []
    for prop in first_model.properties:
        if prop.compare:
            found += _value(catalog, prop.type, first.get(prop.name, ABSENT), second.get(prop.name, ABSENT),
                            prefix + prop.name)
    if first_model.extra['compare']:  # kept keys compare key by key; none equals an empty $extra
        mine, theirs = first.get('$extra', {}), second.get('$extra', {})
        found += [f'{prefix}$extra.{key}' for key in list(mine) + [key for key in theirs if key not in mine]
                  if key not in mine or key not in theirs or not json_equal(mine[key], theirs[key])]
    return found


def _value(catalog, type_, first, second, path):
    if first is ABSENT or second is ABSENT or first is None or second is None:
        return [] if first is second else [path]
    if isinstance(type_, UnionType):  # values of different members differ as a whole
        member = type_.member('canonical', first)
        if member is not type_.member('canonical', second):
            return [path]
        type_ = member
    if isinstance(type_, ArrayType):
        if len(first) != len(second):
            return [path]
        return [found for index, (a, b) in enumerate(zip(first, second))
                for found in _value(catalog, type_.element, a, b, f'{path}[{index}]')]
    if isinstance(type_, DictType):
        if first.keys() != second.keys():
            return [path]
        return [found for key in first for found in _value(catalog, type_.value, first[key], second[key], f'{path}[{key}]')]
    if isinstance(type_, NamedType) and type_.model is not None:
        return differences(catalog, type_.model, first, second, path + '.')
    return [] if json_equal(first, second) else [path]
