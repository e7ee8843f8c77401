"""Type expressions: `string`, `Name` (a model or an enum), `[T]` (array), `[string: T]` (dictionary),
`A | B` (a union; `|` binds loosest, so `[string: int | string]` is a dictionary of unions and
`string | [string]` a union of a string and an array).

`[Label]` and `[string: int]` may be written unquoted in YAML, where they read as a flow sequence
(`['Label']`) or a sequence holding a one-entry mapping (`[{'string': 'int'}]`); both are accepted.
"""
from .jsonvalue import Number
from .scalars import SCALARS


class TypeError_(ValueError):
    pass


class ScalarType:
    def __init__(self, scalar):
        self.scalar = scalar

    def __str__(self):
        return self.scalar.name


class NamedType:
    """A model or an enum, resolved by name once the whole catalog is read."""

    def __init__(self, name):
        self.name = name
        self.model = None
        self.enum = None

    def __str__(self):
        return self.name


class ArrayType:
    def __init__(self, element):
        self.element = element

    def __str__(self):
        return f'[{self.element}]'


class DictType:
    def __init__(self, value):
        self.value = value

    def __str__(self):
        return f'[string: {self.value}]'


class UnionType:
    """Members told apart by the kind of JSON value (string, number, boolean, object, array) on each
    side; `resolve_kinds` (once names and formats are known) fills, per side, which member reads or
    writes each kind."""

    def __init__(self, members):
        self.members = members
        self.by_kind = {'external': {}, 'canonical': {}}

    def __str__(self):
        return ' | '.join(map(str, self.members))

    def member(self, side, value):
        """The member that reads `value` (a JSON value of that side), or None."""
        return self.by_kind[side].get(kind_of(value))


KINDS = ('string', 'number', 'boolean', 'object', 'array')


def kind_of(value):
    """The JSON kind of a value (None for null)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return 'boolean'
    if isinstance(value, Number):
        return 'number'
    if isinstance(value, str):
        return 'string'
    return 'array' if isinstance(value, list) else 'object'


def parse_type(expression):
    """A type expression from its YAML value; raises TypeError_ with a message when malformed."""
    if isinstance(expression, list) and len(expression) == 1:
        inner = expression[0]
        if isinstance(inner, dict) and len(inner) == 1:
            key, value = next(iter(inner.items()))
            if key != 'string':
                raise TypeError_(f"dictionary keys must be string, found '{key}'")
            return DictType(parse_type(value))
        return ArrayType(parse_type(inner))
    if not isinstance(expression, str):
        raise TypeError_(f'a type must be a string such as "string" or "[Label]", found {str(expression)[:60]}')
    return _parse(expression.strip(), expression)


def _parse(text, whole):
    members = _split_union(text, whole)
    if len(members) > 1:
        return UnionType([_parse(member, whole) for member in members])
    if text.startswith('[') and text.endswith(']'):
        inner = text[1:-1].strip()
        depth = 0
        for index, char in enumerate(inner):
            depth += {'[': 1, ']': -1}.get(char, 0)
            if char == ':' and depth == 0:
                if inner[:index].strip() != 'string':
                    raise TypeError_(f"dictionary keys must be string in type '{whole}'")
                return DictType(_parse(inner[index + 1:].strip(), whole))
        return ArrayType(_parse(inner, whole))
    if not text or not all(char.isalnum() or char == '_' for char in text):
        raise TypeError_(f"malformed type '{whole}'")
    return ScalarType(SCALARS[text]) if text in SCALARS else NamedType(text)


def _split_union(text, whole):
    """The members of `A | B` at the outermost level (brackets nest)."""
    members, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += {'[': 1, ']': -1}.get(char, 0)
        if char == '|' and depth == 0:
            members.append(text[start:index].strip())
            start = index + 1
    members.append(text[start:].strip())
    if len(members) > 1 and not all(members):
        raise TypeError_(f"a union needs a type on each side of '|' in type '{whole}'")
    return members


def walk(type_):
    """The type and every type inside it (element and value types, union members)."""
    yield type_
    if isinstance(type_, ArrayType):
        yield from walk(type_.element)
    elif isinstance(type_, DictType):
        yield from walk(type_.value)
    elif isinstance(type_, UnionType):
        for member in type_.members:
            yield from walk(member)


def scalars(type_):
    """The scalars a type's values end in, through arrays, dictionaries and union members (what
    `json:` and `format:` may apply to)."""
    return [inner.scalar for inner in walk(type_) if isinstance(inner, ScalarType)]

