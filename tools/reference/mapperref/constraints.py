"""Property constraints, checked on canonical values (never on null): `min_length`/`max_length`
(Unicode scalars of a string, elements of an array or dictionary), `minimum`/`maximum` (inclusive,
compared exactly), `pattern` (a match anywhere in the string, as in JSON Schema)."""
from decimal import Decimal

from .jsonvalue import describe
from .types import ScalarType


def check(prop, value, pointer, path, errors):
    limits = prop.constraints
    if not limits or value is None:
        return
    found = describe(value)
    if isinstance(value, (str, list, dict)):
        size = len(value)
        unit = 'characters' if isinstance(value, str) else 'elements'
        if 'min_length' in limits and size < int(limits['min_length'].text):
            errors.add(pointer, path, 'constraint', f"expected at least {limits['min_length'].text} {unit}, found {size}: {found}")
        if 'max_length' in limits and size > int(limits['max_length'].text):
            errors.add(pointer, path, 'constraint', f"expected at most {limits['max_length'].text} {unit}, found {size}: {found}")
    if 'pattern' in limits and isinstance(value, str) and not limits['pattern'].search(value):
        errors.add(pointer, path, 'constraint', f"expected a match of the pattern {limits['pattern'].pattern}, found {found}")
    if ('minimum' in limits or 'maximum' in limits) and isinstance(prop.type, ScalarType):
        magnitude = prop.type.scalar.magnitude(value)
        if 'minimum' in limits and magnitude < _exact(limits['minimum']):
            errors.add(pointer, path, 'constraint', f"expected at least {limits['minimum'].text}, found {found}")
        if 'maximum' in limits and magnitude > _exact(limits['maximum']):
            errors.add(pointer, path, 'constraint', f"expected at most {limits['maximum'].text}, found {found}")


def _exact(number):
    return Decimal(number.text)
