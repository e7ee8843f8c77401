"""Union types (`A | B`): which kinds of JSON value each member reads and writes, the load-time
check that the members are told apart by kind on both sides, and the error for a value of no
member's kind.

A member's kinds follow its hints and formats (`date` with `format: unix` reads a number, `int`
with `json: string` a string); an enum reads the kinds of its JSON values and aliases (every kind
once it has a `default`) and writes a string (its case name); a model and a dictionary are objects,
an array is an array; `any` reads and writes every kind, so it cannot share a union.
"""
from .types import KINDS, ArrayType, DictType, NamedType, ScalarType, UnionType, kind_of, walk

SIDES = ('external', 'canonical')
_NOUNS = {'string': 'a string', 'number': 'a number', 'boolean': 'a boolean', 'object': 'an object', 'array': 'an array'}


def kinds(type_, conversion, side):
    """The kinds of JSON value a type reads (external side) or writes (canonical side)."""
    if isinstance(type_, ScalarType):
        return type_.scalar.kinds(conversion.fitting(type_.scalar), side)
    if isinstance(type_, ArrayType):
        return {'array'}
    if isinstance(type_, DictType) or isinstance(type_, NamedType) and type_.model is not None:
        return {'object'}
    if isinstance(type_, UnionType):
        return set().union(*(kinds(member, conversion, side) for member in type_.members))
    enum = type_.enum
    if side == 'canonical':
        return {'string'}
    if enum.default is not None:
        return set(KINDS)
    return {kind_of(value) for _, json_value, aliases in enum.cases for value in [json_value] + aliases}


def resolve(type_, conversion, where):
    """Fills in which member reads each kind, for every union in a property's type; returns the
    problems (one per union whose members share a kind on a side)."""
    return [problem for inner in walk(type_) if isinstance(inner, UnionType)
            for problem in _assign(inner, conversion, where)[:1]]


def _assign(union, conversion, where):
    problems = []
    for side in SIDES:
        owners = union.by_kind[side]
        for member in union.members:
            for kind in sorted(kinds(member, conversion, side), key=KINDS.index):
                if kind in owners:
                    problems.append(_ambiguous(union, owners[kind], member, kind, side, where))
                else:
                    owners[kind] = member
    return problems


def _ambiguous(union, first, second, kind, side, where):
    how = 'read from' if side == 'external' else 'written in canonical JSON as'
    message = (f"type '{union}' of {where} is ambiguous: members '{first}' and '{second}' are both {how} "
               f"a JSON {kind}")
    if all(isinstance(member, NamedType) and member.model is not None for member in (first, second)):
        message += "; give them a common base model with 'variants' and use that model"
    return message + ' [ambiguous-union]'


def expected(union, side):
    """`a string or an object (Customer)`: what a union reads on a side, member by member."""
    grouped = {}
    for kind, member in union.by_kind[side].items():
        grouped.setdefault(id(member), (member, []))[1].append(kind)
    parts = []
    for member, member_kinds in grouped.values():
        text = ' or '.join(_NOUNS[kind] for kind in sorted(member_kinds, key=KINDS.index))
        if isinstance(member, NamedType):
            text += f' ({member.name})'
        parts.append(text)
    return ', '.join(parts[:-1]) + (' or ' if len(parts) > 1 else '') + parts[-1]
