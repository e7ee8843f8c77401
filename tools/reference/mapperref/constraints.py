"""Property constraints, checked on canonical values (never on null): `min_length`/`max_length`
(Unicode scalars of a string, elements of an array or dictionary), `minimum`/`maximum` (inclusive,
compared exactly), `pattern` (a match anywhere in the string, as in JSON Schema). On a union, each
constraint applies to the members it fits: the member the value's canonical kind picks."""
from decimal import Decimal

from .jsonvalue import describe
from .types import ArrayType, DictType, ScalarType, UnionType


def applies(field, type_):
    """Whether a constraint field applies to values of a (non-union) type."""
    scalar = type_.scalar if isinstance(type_, ScalarType) else None
    if field in ('min_length', 'max_length'):
        return isinstance(type_, (ArrayType, DictType)) or scalar is not None and scalar.length
    if field in ('minimum', 'maximum'):
        return scalar is not None and scalar.bounds
    return scalar is not None and scalar.pattern


def check(prop, value, pointer, path, errors):
    limits = prop.constraints
    if not limits or value is None:
        return
    type_ = prop.type
    if isinstance(type_, UnionType):
        type_ = type_.member('canonical', value)
        limits = {field: limit for field, limit in limits.items() if applies(field, type_)}
    found = describe(value)
    if isinstance(value, (str, list, dict)) and ('min_length' in limits or 'max_length' in limits):
        size = len(value)
        unit = 'characters' if isinstance(value, str) else 'elements'
        if 'min_length' in limits and size < int(limits['min_length'].text):
            errors.add(pointer, path, 'constraint', f"expected at least {limits['min_length'].text} {unit}, found {size}: {found}")
        if 'max_length' in limits and size > int(limits['max_length'].text):
            errors.add(pointer, path, 'constraint', f"expected at most {limits['max_length'].text} {unit}, found {size}: {found}")
    if 'pattern' in limits and isinstance(value, str) and not limits['pattern'].search(value):
        errors.add(pointer, path, 'constraint', f"expected a match of the pattern {limits['pattern'].pattern}, found {found}")
    if ('minimum' in limits or 'maximum' in limits) and isinstance(type_, ScalarType):
        magnitude = type_.scalar.magnitude(value)
        if 'minimum' in limits and magnitude < _exact(limits['minimum']):
            errors.add(pointer, path, 'constraint', f"expected at least {limits['minimum'].text}, found {found}")
        if 'maximum' in limits and magnitude > _exact(limits['maximum']):
            errors.add(pointer, path, 'constraint', f"expected at most {limits['maximum'].text}, found {found}")


def _exact(number):
    return Decimal(number.text)
