"""JSON values as the reference holds them.

None, True/False, str, list and dict (insertion-ordered) are themselves; numbers are `Number`, which
keeps the lexeme exactly as written so that `decimal` and `any` keep their digits and big integers
stay exact. `json_equal` is JSON equality (numbers by value, objects unordered).
"""
from decimal import Decimal


class Number:
    """A JSON number, kept as its text (e.g. `1.50`, `18446744073709551616`, `1e400`)."""

    __slots__ = ('text',)

    def __init__(self, text):
        self.text = text

    @property
    def decimal(self):
        return Decimal(self.text)

    def __eq__(self, other):
        return isinstance(other, Number) and other.text == self.text

    def __hash__(self):
        return hash(self.text)

    def __repr__(self):
        return f'Number({self.text})'


class _Absent:
    """A property or key that is not there (as opposed to JSON null)."""

    def __repr__(self):
        return 'ABSENT'

    def __bool__(self):
        return False


ABSENT = _Absent()


def json_equal(a, b):
    """JSON equality: numbers by value (`1` equals `1.0`), objects regardless of key order."""
    if isinstance(a, Number) or isinstance(b, Number):
        return isinstance(a, Number) and isinstance(b, Number) and a.decimal == b.decimal
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def pointer_token(key):
    """One RFC 6901 reference token (`~` → `~0`, `/` → `~1`)."""
    return str(key).replace('~', '~0').replace('/', '~1')


def child_pointer(pointer, key):
    return f'{pointer}/{pointer_token(key)}'


def describe(value, limit=80):
    """The value quoted as JSON for a message, shortened to `limit` characters."""
    from .jsonwrite import write_json
    text = write_json(value, pretty=False)
    return text if len(text) <= limit else text[:limit - 1] + '…'
