"""JSON text as mapper writes it.

Pretty form: two-space indentation, `"key": value`, one array element per line, `[]` and `{}` for
empty containers. Compact form: no white space at all. Strings escape `"`, `\\` and the control
characters (`\\b \\f \\n \\r \\t`, others as lower-case `\\u00xx`); everything else, non-ASCII
included, is written as is. Numbers are written as their `Number` text.
"""
import json

from .jsonvalue import Number


def write_string(text):
    return json.dumps(text, ensure_ascii=False)


def write_json(value, pretty=True):
    parts = []
    _write(value, parts, 0 if pretty else None)
    return ''.join(parts)


def _write(value, out, indent):
    if value is None:
        out.append('null')
    elif value is True:
        out.append('true')
    elif value is False:
        out.append('false')
    elif isinstance(value, Number):
        out.append(value.text)
    elif isinstance(value, str):
        out.append(write_string(value))
    elif isinstance(value, list):
        _container(out, indent, '[', ']', [(None, item) for item in value])
    elif isinstance(value, dict):
        _container(out, indent, '{', '}', list(value.items()))
    else:
        raise TypeError(f'not a JSON value: {value!r}')


def _container(out, indent, open_, close, members):
    if not members:
        out.append(open_ + close)
        return
    out.append(open_)
    inner = None if indent is None else indent + 2
    for position, (key, item) in enumerate(members):
        if position:
            out.append(',')
        if inner is not None:
            out.append('\n' + ' ' * inner)
        if key is not None:
            out.append(write_string(key) + (': ' if inner is not None else ':'))
        _write(item, out, inner)
    if inner is not None:
        out.append('\n' + ' ' * indent)
    out.append(close)
