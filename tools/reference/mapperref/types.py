"""Type expressions: `string`, `Name` (a model or an enum), `[T]` (array), `[string: T]` (dictionary).

`[Label]` and `[string: int]` may be written unquoted in YAML, where they read as a flow sequence
(`['Label']`) or a sequence holding a one-entry mapping (`[{'string': 'int'}]`); both are accepted.
"""
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


def walk(type_):
    """The type and every type inside it (element and value types)."""
    yield type_
    if isinstance(type_, ArrayType):
        yield from walk(type_.element)
    elif isinstance(type_, DictType):
        yield from walk(type_.value)


def leaf(type_):
    """The innermost element type (what `json:`, `format:` and `transform:` apply to)."""
    while isinstance(type_, (ArrayType, DictType)):
        type_ = type_.element if isinstance(type_, ArrayType) else type_.value
    return type_
