"""Routes: which model a response body maps to, by request path, method and status.

The input may be a full URL or a path; only the path counts (query and fragment dropped), split into
segments (empty ones ignored, so leading, trailing and doubled slashes do not matter), each
percent-decoded; then each block's `prefix` is stripped when the path starts with it. A pattern
matches a path with the same number of segments: a literal exactly, `#` one segment of ASCII
digits, `*` any one non-empty segment. The most specific match wins, segment by segment from the
left (literal beats `#` beats `*`), then a pattern with a method beats one without. Without a
method only method-less and `GET` patterns count. With status 400 or above the matching block's
`error_model` is the model (no route when the block has none).
"""
import re
from urllib.parse import unquote

from .types import NamedType, TypeError_, parse_type

METHODS = {'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'}
_SCHEME = re.compile(r'[A-Za-z][A-Za-z0-9+.\-]*://[^/?#]*')


ROUTE_BODY = 'route body '  # the hidden model of a route body's type is named so: no declared name can be


def nullable_model(spec, models):
    """`User?`: the route's body is the model or `null`; the model's name, else None."""
    if isinstance(spec, str) and spec.rstrip().endswith('?'):
        name = spec.rstrip()[:-1].strip()
        if name in models and not name.startswith(ROUTE_BODY):
            return name
    return None


def route_value_name(spec, models):
    """The name of the hidden model of a route whose body is not an object: a type expression
    that is not a model's name (`int`, `[string]`, `[string: int]`, `string | int`, an enum), in
    its canonical spelling, or a model's name with `?` (`User?`, a body that may be `null`);
    that model has one property, `value`, of the type (the model for `User?`), and a body
    decodes and encodes as that property's value, `null` as `null`. None for a model's name or
    what is no type."""
    model = nullable_model(spec, models)
    if model is not None:
        return model + '?'
    try:
        type_ = parse_type(spec)
    except TypeError_:
        return None
    if isinstance(type_, NamedType) and type_.name in models:
        return None
    return str(type_)


def path_segments(url):
    """The percent-decoded, non-empty segments of a URL's or a path's path."""
    path = _SCHEME.sub('', url, count=1) if _SCHEME.match(url) else url
    return split_path(re.split('[?#]', path, maxsplit=1)[0])


def split_path(path):
    return [unquote(segment, errors='strict') for segment in path.split('/') if segment]


class Pattern:
    def __init__(self, text, model, block):
        self.text = text
        self.model = model
        self.block = block
        method, _, path = text.rpartition(' ')
        self.method = method.upper() or None
        if self.method is not None and self.method not in METHODS:
            raise ValueError(f"unknown HTTP method '{method}' in route '{text}'")
        self.segments = split_path(path)

    def matches(self, segments):
        if len(segments) != len(self.segments):
            return False
        for wanted, got in zip(self.segments, segments):
            if wanted == '#':
                if not (got.isascii() and got.isdigit()):
                    return False
            elif wanted != '*' and wanted != got:
                return False
        return True

    def rank(self):
        return tuple(0 if s == '*' else 1 if s == '#' else 2 for s in self.segments) + (self.method is not None,)


class Block:
    def __init__(self, prefix, error_model):
        self.prefix = split_path(prefix) if prefix else []
        self.error_model = error_model
        self.patterns = []


class RouteTable:
    def __init__(self):
        self.blocks = []

    def add_block(self, spec, models, inherited=None):
        """A file's routes block; `inherited` holds the prefix and error_model its folder files
        give, which the block's own replace."""
        if not isinstance(spec, dict):
            raise ValueError('routes must be a mapping with paths')
        unknown = set(spec) - {'prefix', 'error_model', 'paths'}
        if unknown:
            raise ValueError(f"unknown routes field '{sorted(unknown)[0]}'")
        if not isinstance(spec.get('paths'), dict):
            raise ValueError('routes need paths: a mapping of patterns to models')
        inherited = inherited or {}
        prefix = spec['prefix'] if 'prefix' in spec else inherited.get('prefix')
        if prefix is not None and (not isinstance(prefix, str) or re.search('[?#]', prefix)):
            raise ValueError(f"the routes prefix {prefix!r} is not a path")
        block = Block(prefix, spec['error_model'] if 'error_model' in spec else inherited.get('error_model'))
        if block.error_model is not None and block.error_model not in models:
            raise ValueError(f"error_model '{block.error_model}' is not a model")
        seen = {(p.method, tuple(p.segments), tuple(p.block.prefix)) for b in self.blocks for p in b.patterns}
        for text, model in (spec.get('paths') or {}).items():
            model = route_value_name(model, models) or model
            pattern = Pattern(text, model, block)
            if model not in models and ROUTE_BODY + model not in models:
                raise ValueError(f"route '{text}' names unknown model '{model}'")
            identity = (pattern.method, tuple(pattern.segments), tuple(block.prefix))
            if identity in seen:
                raise ValueError(f"route '{text}' is defined twice")
            seen.add(identity)
            block.patterns.append(pattern)
        self.blocks.append(block)

    def match(self, url, method=None, status=None):
        """(model name, how) for a URL, or None: `how` is the pattern as written, or `error_model`."""
        segments = path_segments(url)
        method = method.upper() if method else None
        best = None
        for block in self.blocks:
            candidate = segments
            if block.prefix and segments[:len(block.prefix)] == block.prefix:
                candidate = segments[len(block.prefix):]
            for pattern in block.patterns:
                if pattern.method not in (None, method or 'GET') or not pattern.matches(candidate):
                    continue
                if best is None or pattern.rank() > best.rank():
                    best = pattern
        if best is None:
            return None
        if status is not None and int(status) >= 400:
            return (best.block.error_model, 'error_model') if best.block.error_model else None
        return best.model, best.text
