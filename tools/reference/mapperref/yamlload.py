"""YAML as mapper reads it: the YAML 1.2 core schema, duplicate keys refused.

PyYAML resolves plain scalars by YAML 1.1 (`yes`, `on`, `2020-01-01` are not strings there); this
loader replaces its resolvers with the 1.2 core schema: `null`, `~` and empty are null;
`true`/`false` in any case are booleans (as the contract says; the 1.2 core schema
lists only `true`, `True` and `TRUE`); decimal, `0x` and `0o` integers and floats
(`.inf`, `.nan` included) are numbers; everything else is a string. Numbers become `Number`s that
keep their text (`1.50` stays `1.50`), so an inline golden-test value means the JSON it spells.
Anchors, aliases and merge keys (`<<: *base`) work; a duplicate key in one mapping, a second
document, nesting deeper than 256 levels and aliases expanding beyond a million nodes are errors.
Mappings are `YAMLMap`s that remember where they and their keys are (`mark`, `key_marks`).
"""
import re

import yaml

from .jsonvalue import Number

MAX_DEPTH = 256
MAX_NODES = 1_000_000
_INT10 = re.compile(r'[-+]?[0-9]+')
_INT8 = re.compile(r'0o[0-7]+')
_INT16 = re.compile(r'0x[0-9a-fA-F]+')
_FLOAT = re.compile(r'[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?')
_INF = re.compile(r'[-+]?\.(inf|Inf|INF)')
_NAN = re.compile(r'\.(nan|NaN|NAN)')
_INT = r'[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+'
_FLOAT_ANY = r'[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)|' + _INT
_JSON_NUMBER = re.compile(r'-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?')


class YAMLError(Exception):
    """A YAML problem, with the file, line and column (1-based)."""

    def __init__(self, message, mark=None):
        self.mark = mark
        where = f'{mark.name}:{mark.line + 1}:{mark.column + 1}: ' if mark is not None else ''
        super().__init__(f'{where}{message}')


class Mark:
    """A 1-based source position."""

    def __init__(self, name, line, column):
        self.file, self.line, self.column = name, line, column

    def __str__(self):
        return f'{self.file}:{self.line}:{self.column}'


def _mark(node):
    return Mark(node.start_mark.name, node.start_mark.line + 1, node.start_mark.column + 1)


class YAMLMap(dict):
    """A YAML mapping: a dict that knows its position and its keys' positions."""

    mark = None
    key_marks = None

    def mark_of(self, key):
        return (self.key_marks or {}).get(key, self.mark)


class YAMLList(list):
    mark = None


class _Resolver(yaml.resolver.BaseResolver):
    pass


_Resolver.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ('tag:yaml.org,2002:null', r'^(?:~|null|Null|NULL|)$', ['~', 'n', 'N', '']),
    ('tag:yaml.org,2002:bool', r'^(?i:true|false)$', list('tTfF')),
    ('tag:yaml.org,2002:int', r'^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$', list('-+0123456789')),
    ('tag:yaml.org,2002:float',
     r'^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$',
     list('-+.0123456789')),
    ('tag:yaml.org,2002:merge', r'^(?:<<)$', ['<']),
]:
    _Resolver.add_implicit_resolver(tag, re.compile(pattern), first)


def number_from_yaml(text):
    """The JSON number a YAML 1.2 core number means, keeping its digits where JSON can spell them."""
    if _INT16.fullmatch(text):
        return Number(str(int(text, 16)))
    if _INT8.fullmatch(text):
        return Number(str(int(text[2:], 8)))
    if _INF.fullmatch(text) or _NAN.fullmatch(text):
        return float(text.replace('.', ''))
    if _INT10.fullmatch(text):
        return Number(str(int(text)))
    if _JSON_NUMBER.fullmatch(text):
        return Number(text)
    # A YAML float JSON cannot spell as is (`+1.5`, `.5`, `1.`, `01.5`): spell it as JSON.
    sign, whole, fraction, exponent = re.fullmatch(r'([-+]?)([0-9]*)\.?([0-9]*)(?:[eE]([-+]?[0-9]+))?', text).groups()
    spelled = (whole.lstrip('0') or '0') + ('.' + fraction if fraction else '')
    return Number(('-' if sign == '-' else '') + spelled + ('e' + exponent if exponent else ''))


class _Constructor(yaml.constructor.SafeConstructor):
    def checked(self, node, pattern, kind):
        """An explicitly tagged scalar (`!!int id`) must be what its tag says."""
        if not isinstance(node.value, str) or not re.fullmatch(pattern, node.value):
            raise YAMLError(f"'{node.value}' is not a valid {kind} value", node.start_mark)
        return node.value

    def construct_yaml_null(self, node):
        self.checked(node, r'~|null|Null|NULL|', '!!null')
        return None

    def construct_yaml_bool(self, node):
        return self.checked(node, '(?i:true|false)', '!!bool').lower() == 'true'

    def construct_yaml_number(self, node):
        kind = '!!int' if node.tag.endswith('int') else '!!float'
        return number_from_yaml(self.checked(node, _INT if kind == '!!int' else _FLOAT_ANY, kind))

    def construct_yaml_map(self, node):
        data = YAMLMap()
        data.mark = _mark(node)
        data.key_marks = {}
        yield data
        seen = {}
        for key_node, _ in node.value:
            if key_node.tag == 'tag:yaml.org,2002:merge':
                continue
            key = self.construct_object(key_node, deep=True)
            hashable = _hashable(key)
            if hashable in seen:
                raise YAMLError(f'duplicate key {key!r} in a mapping (first at line {seen[hashable].line})',
                                key_node.start_mark)
            seen[hashable] = _mark(key_node)
        self.flatten_mapping(node)
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            data[_hashable(key)] = self.construct_object(value_node, deep=True)
            data.key_marks[_hashable(key)] = _mark(key_node)

    def construct_yaml_seq(self, node):
        data = YAMLList()
        data.mark = _mark(node)
        yield data
        data.extend(self.construct_sequence(node, deep=True))


def _hashable(key):
    if isinstance(key, list):
        return tuple(_hashable(item) for item in key)
    if isinstance(key, dict):
        return tuple((k, _hashable(v)) for k, v in key.items())
    return key


_Constructor.yaml_constructors = dict(yaml.constructor.SafeConstructor.yaml_constructors)
for _tag, _method in [
    ('tag:yaml.org,2002:null', _Constructor.construct_yaml_null),
    ('tag:yaml.org,2002:bool', _Constructor.construct_yaml_bool),
    ('tag:yaml.org,2002:int', _Constructor.construct_yaml_number),
    ('tag:yaml.org,2002:float', _Constructor.construct_yaml_number),
    ('tag:yaml.org,2002:map', _Constructor.construct_yaml_map),
    ('tag:yaml.org,2002:seq', _Constructor.construct_yaml_seq),
]:
    _Constructor.yaml_constructors[_tag] = _method


class _Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer,
              _Constructor, _Resolver):
    def __init__(self, stream):
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        _Constructor.__init__(self)
        _Resolver.__init__(self)


def load_yaml(text, name='<string>'):
    """Loads exactly one YAML document (a second document is an error)."""
    loader = _Loader(text)
    loader.name = name
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_limits(node)
        return loader.construct_document(node)
    except yaml.YAMLError as error:
        raise YAMLError(str(error)) from None
    except RecursionError:
        raise YAMLError(f'{name}: nesting deeper than {MAX_DEPTH} levels') from None
    finally:
        loader.dispose()


def _check_limits(root):
    """Nesting at most 256 levels, at most a million nodes once aliases are expanded (alias bombs)."""
    size, depth = {}, {}
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in size:
            continue
        children = [part for item in node.value for part in (item if isinstance(item, tuple) else (item,))] \
            if isinstance(node.value, list) else []
        if not children_done:
            stack.append((node, True))
            stack += [(child, False) for child in children if id(child) not in size]
            continue
        size[id(node)] = 1 + sum(size[id(child)] for child in children)
        depth[id(node)] = 1 + max((depth[id(child)] for child in children), default=0)
        if depth[id(node)] > MAX_DEPTH:
            raise YAMLError(f'nesting deeper than {MAX_DEPTH} levels', node.start_mark)
        if size[id(node)] > MAX_NODES:
            raise YAMLError(f'aliases expand the document beyond {MAX_NODES} nodes', node.start_mark)


def load_yaml_file(path, name=None):
    with open(path, 'rb') as handle:
        data = handle.read()
    try:
        text = data.decode('utf-8')
    except UnicodeDecodeError as error:
        raise YAMLError(f'{name or path}: not UTF-8 (byte 0x{data[error.start]:02X} at offset {error.start})') from None
    return load_yaml(text, name or str(path))


def to_json(value):
    """An inline YAML value read as JSON (mapping keys become their text)."""
    if isinstance(value, dict):
        return {_key_text(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_json(item) for item in value]
    if isinstance(value, float):
        raise ValueError(f'{value} is not a JSON number')
    return value


def _key_text(key):
    if isinstance(key, str):
        return key
    if isinstance(key, Number):
        return key.text
    if key is None:
        return 'null'
    if isinstance(key, bool):
        return 'true' if key else 'false'
    raise ValueError(f'a mapping key of an inline JSON value must be a scalar, found {key!r}')
