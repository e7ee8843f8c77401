"""The catalog as the reference holds it: resolved models (inheritance applied, each property's key
computed by its declaring model's key style, type names resolved), enums, formats and routes.
loader.py reads and checks the files.
"""
import os
import re

from .formats import BUILT_IN
from .jsonvalue import ABSENT, json_equal
from .routes import ROUTE_BODY, RouteTable
from .scalars import Conversion
from .types import NamedType

class CatalogError(Exception):
    def __init__(self, problems):
        self.problems = problems
        super().__init__('\n'.join(problems))


class Property:
    def __init__(self, name, declared_in):
        self.name = name
        self.declared_in = declared_in
        self.type = None
        self.key = None           # key path segments; None for transient, computed and flatten
        self.required = False
        self.default = ABSENT
        self.conversion = Conversion()
        self.transient = False
        self.computed = None
        self.flatten = False
        self.compare = True
        self.archive = True
        self.merge = 'replace'
        self.on_error = 'fail'    # fail | null | default | drop: what a value that does not convert becomes
        self.on_error_written = False  # set by the property itself (a model's on_error does not apply)
        self.omit = None          # never | nulls | empty, as the property writes it (None: its model's)
        self.falls_back = False   # holds enums with a default (a kept upstream value can be written back)
        self.constraints = {}
        self.mark = None


class Variants:
    def __init__(self):
        self.by = None            # key path of the discriminator
        self.cases = []           # [(JSON value, model name)]
        self.when = []            # [('has', path, model) | ('equals', [(path, value)], model)]
        self.fallback = None

    def models(self):
        yield from (model for _, model in self.cases)
        yield from (rule[2] for rule in self.when)
        if self.fallback:
            yield self.fallback


EXTRA = {'compare': True, 'archive': True, 'merge': 'replace'}


class Model:
    def __init__(self, name, spec, mark, file_defaults):
        self.name = name
        self.spec = spec
        self.mark = mark
        self.file_defaults = file_defaults  # the defaults of the file that declares it
        self.extends = spec.get('extends')
        self.base = None
        self.properties = []
        self.variants = None
        self.key_style = 'as_is'
        self.unknown_keys = 'ignore'
        self.extra = dict(EXTRA)  # how $extra takes part in equality, archives and merges
        self.version = 1
        self.on_error = None      # the model's on_error (own or inherited), for its properties
        self.omit = None          # the model's omit (own, inherited or its file's), for its properties
        self.migrations = []      # [Migration] in `from` order
        self.route_value = False  # the hidden model of a route whose body is a value of a type (routes.py)

    def property(self, name):
        return next((prop for prop in self.properties if prop.name == name), None)

    def lineage(self):
        """The model, then its base, then the base's base …"""
        model = self
        while model is not None:
            yield model
            model = model.base

    def is_a(self, other):
        return any(model is other for model in self.lineage())


TEMPLATE_FIELD = re.compile(r'\$\{([^}]*)\}')


class Migration:
    """One archive migration step: from version `source` to the next, in this order: rename,
    template, set (when absent), drop."""

    def __init__(self, source):
        self.source = source
        self.rename = {}
        self.template = {}
        self.set = {}
        self.drop = []


class Enum:
    def __init__(self, name):
        self.name = name
        self.cases = []           # [(case name, JSON value, [aliases])]
        self.default = None

    def matches(self, value):
        """The case whose JSON value or alias the value is, or None."""
        for case, json_value, aliases in self.cases:
            if json_equal(value, json_value) or any(json_equal(value, alias) for alias in aliases):
                return case
        return None

    def json_of(self, case):
        return next(json_value for name, json_value, _ in self.cases if name == case)

    def names(self):
        return [case for case, _, _ in self.cases]


class Catalog:
    def __init__(self):
        self.models = {}
        self.enums = {}
        self.formats = dict(BUILT_IN)
        self.routes = RouteTable()
        self.files = []

    def model(self, name):
        """The model of this name, or the hidden model of a route body's type (routes.py)."""
        return self.models.get(name) or self.models.get(ROUTE_BODY + name)


def catalog_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs[:] = [d for d in dirs if not d.startswith('.')]
                files += [os.path.join(root, name) for name in names
                          if name.endswith(('.yaml', '.yml')) and not name.startswith('.')
                          and not name.endswith('.test.yaml')]
        else:
            files.append(path)
    return sorted(files)


def load_catalog(paths):
    from .loader import Loader
    return Loader(paths).load()


def parse_key_path(text):
    """Key path segments: `.` separates, `\\.` is a literal dot and `\\\\` a backslash."""
    segments, current, index = [], '', 0
    while index < len(text):
        char = text[index]
        if char == '\\' and index + 1 < len(text) and text[index + 1] in '.\\':
            current += text[index + 1]
            index += 2
            continue
        if char == '.':
            segments.append(current)
            current = ''
        else:
            current += char
        index += 1
    segments.append(current)
    if any(segment == '' for segment in segments):
        raise ValueError(f"key path '{text}' has an empty segment")
    return segments


def key_paths(model):
    """(key path, property) of every property read from the model's own JSON object, flattened
    models' included."""
    for prop in model.properties:
        if prop.flatten and isinstance(prop.type, NamedType) and prop.type.model is not None:
            yield from key_paths(prop.type.model)
        elif prop.key is not None:
            yield prop.key, prop
