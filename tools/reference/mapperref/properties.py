"""One property: reading its declaration (fields, flags, conflicts, key path) and, once every type
name is known, checking it (types, `json:` and `format:`, constraints, merge strategy, flatten).
"""
import re

from . import keystyle
from .catalog import Property, parse_key_path
from .jsonvalue import ABSENT, Number
from .scalars import Conversion
from . import constraints, unions
from .re2syntax import RE2Pattern, backtracking_construct
from .types import ArrayType, NamedType, ScalarType, TypeError_, UnionType, parse_type, scalars, walk
from .yamlload import to_json

MEMBER_NAME = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
PROPERTY_FIELDS = {'type', 'key', 'required', 'default', 'json', 'format', 'transient', 'computed', 'compare',
                   'archive', 'merge', 'flatten', 'transform', 'min_length', 'max_length', 'minimum', 'maximum',
                   'pattern', 'doc', 'on_error', 'omit'}
ON_ERROR = ('fail', 'null', 'default', 'drop')
OMIT = ('never', 'nulls', 'empty')
FLAGS = ('required', 'transient', 'flatten', 'compare', 'archive')
MERGE_STRATEGIES = ('replace', 'keep', 'sum', 'max', 'min', 'append', 'union', 'deep')


def read_property(model, name, declaration, mark, problem):
    where = f"property '{name}' of model '{model.name}'"
    if not isinstance(name, str) or not MEMBER_NAME.fullmatch(name):
        problem(mark, f"'{name}' is not a valid property name")
        return None
    prop = Property(name, model.name)
    prop.mark = mark
    fields = declaration if isinstance(declaration, dict) else {'type': declaration}
    for field in fields:
        if field not in PROPERTY_FIELDS:
            problem(fields.mark_of(field), f"unknown field '{field}' of {where}")
    if 'type' not in fields:
        problem(mark, f'{where} needs a type')
        return None
    try:
        prop.type = parse_type(fields['type'])
    except TypeError_ as error:
        problem(mark, f'{where}: {error}')
        return None
    for flag in FLAGS:
        if flag in fields and not isinstance(fields[flag], bool):
            problem(mark, f"'{flag}' of {where} must be true or false")
    prop.required = fields.get('required') is True
    prop.transient = fields.get('transient') is True
    prop.flatten = fields.get('flatten') is True
    prop.compare = fields.get('compare') is not False
    prop.archive = fields.get('archive') is not False
    prop.computed = fields.get('computed')
    if prop.computed is not None:
        if prop.computed not in ('now', 'uuid'):
            problem(mark, f"computed of {where} must be now or uuid")
        prop.transient = True
    conflicts = [('computed' if 'computed' in fields else 'transient', 'key', prop.transient and 'key' in fields),
                 ('computed' if 'computed' in fields else 'transient', 'required', prop.transient and prop.required),
                 ('required', 'default', prop.required and 'default' in fields),
                 ('flatten', 'key', prop.flatten and 'key' in fields),
                 ('flatten', 'required', prop.flatten and prop.required),
                 ('flatten', 'default', prop.flatten and 'default' in fields)]
    for first, second, clash in conflicts:
        if clash:
            problem(mark, f"{where} has both '{first}' and '{second}'")
    if 'default' in fields:
        try:
            prop.default = to_json(fields['default'])
        except ValueError as error:
            problem(mark, f'default of {where}: {error}')
    if 'on_error' in fields:
        prop.on_error = read_on_error(fields['on_error'], f'on_error of {where}', fields.mark_of('on_error'), problem)
        prop.on_error_written = True
        reason = on_error_conflict(prop, prop.on_error)
        if reason:
            problem(fields.mark_of('on_error'), f"'on_error: {prop.on_error}' does not fit {where}: {reason}")
            prop.on_error = 'fail'
    if 'omit' in fields:
        prop.omit = read_omit(fields['omit'], f'omit of {where}', fields.mark_of('omit'), problem)
        if prop.transient:
            problem(fields.mark_of('omit'), f"'omit' of {where} does not apply: the property is never written to JSON")
    prop.merge = fields.get('merge', 'replace')
    if prop.merge not in MERGE_STRATEGIES:
        problem(mark, f"unknown merge strategy '{prop.merge}' of {where}")
    # a file's default formats apply to the types they name, unless the property says json: or format:
    prop.conversion = Conversion(fields.get('json'), fields.get('format'),
                                 model.file_defaults.formats if 'json' not in fields and 'format' not in fields else None)
    prop.constraints = {field: fields[field] for field in ('min_length', 'max_length', 'minimum', 'maximum', 'pattern')
                        if field in fields}
    if 'transform' in fields:
        problem(mark, f"{where} names transformer '{fields['transform']}': the reference has no transformers")
    if not prop.transient and not prop.flatten:
        try:
            key = fields.get('key', keystyle.convert(name, model.key_style))
            if not isinstance(key, str):
                raise ValueError(f"the key of {where} must be a string")
            prop.key = parse_key_path(key)
        except ValueError as error:
            problem(mark, str(error))
    return prop


def read_omit(value, what, mark, problem):
    """`omit: never | nulls | empty`; a bare `null` (YAML's no value) is not `nulls`."""
    if isinstance(value, str) and value in OMIT:
        return value
    problem(mark, f'{what} must be one of {", ".join(OMIT)}')
    return None


def read_on_error(value, what, mark, problem):
    """One of fail, null, default, drop (a YAML null stands for `null`); `fail` after a problem."""
    word = 'null' if value is None else value
    if word not in ON_ERROR:
        problem(mark, f"{what} must be one of {', '.join(ON_ERROR)}")
        return 'fail'
    return word


def on_error_conflict(prop, mode):
    """Why a lenient mode cannot be this property's, or None. Never read from JSON: no mode but
    fail. null and drop leave a required property without a value; default needs a default."""
    if mode == 'fail':
        return None
    if prop.transient or prop.flatten or prop.computed is not None:
        return 'the property is not read from JSON'
    if mode in ('null', 'drop') and prop.required:
        return 'the property is required'
    if mode == 'default' and prop.default is ABSENT:
        return 'the property has no default'
    return None


def check_property(catalog, model, prop, problem):
    where = f"property '{prop.name}' of model '{model.name}'"
    for type_ in walk(prop.type):
        if isinstance(type_, NamedType):
            type_.model = catalog.models.get(type_.name)
            type_.enum = catalog.enums.get(type_.name)
            if type_.model is None and type_.enum is None:
                problem(prop.mark, f"unknown type '{type_.name}' for {where}")
                return
    leaves = scalars(prop.type)  # a union's members take the hints and formats they fit
    hint, format_name = prop.conversion.hint, prop.conversion.format
    if hint is not None and not any(hint in scalar.hints for scalar in leaves):
        problem(prop.mark, f"json: {hint} does not apply to {where} of type {prop.type}")
    if format_name is not None:
        format_ = catalog.formats.get(format_name)
        if format_ is None:
            problem(prop.mark, f"unknown format '{format_name}' for {where}")
        elif not any(scalar.accepts(format_) for scalar in leaves):
            problem(prop.mark, f"format '{format_name}' does not apply to {where} of type {prop.type}")
        prop.conversion = Conversion(hint, format_, prop.conversion.defaults)
    if prop.computed is not None and str(prop.type) != {'now': 'date', 'uuid': 'uuid'}.get(prop.computed):
        problem(prop.mark, f"'computed: {prop.computed}' does not fit {where} of type {prop.type}")
    # an enum with a default in its own value (not inside a nested model): lossless enum fallback
    prop.falls_back = any(isinstance(inner, NamedType) and inner.enum is not None and inner.enum.default is not None
                          for inner in walk(prop.type))
    for message in unions.resolve(prop.type, prop.conversion, where):
        problem(prop.mark, message)
    check_constraints(prop, where, problem)
    check_merge(prop, where, problem)
    if prop.flatten and not (isinstance(prop.type, NamedType) and prop.type.model is not None):
        problem(prop.mark, f"flatten needs a model type ({where})")


def check_constraints(prop, where, problem):
    limits = prop.constraints
    members = prop.type.members if isinstance(prop.type, UnionType) else [prop.type]
    for field, value in limits.items():
        if not any(constraints.applies(field, member) for member in members):
            problem(prop.mark, f"{field} does not apply to {where} of type {prop.type}")
        elif field.endswith('length') and not (isinstance(value, Number) and re.fullmatch('[0-9]+', value.text)):
            problem(prop.mark, f"{field} of {where} must be a whole number of at least 0")
        elif field in ('minimum', 'maximum') and not isinstance(value, Number):
            problem(prop.mark, f"{field} of {where} must be a number")
    for low, high in (('min_length', 'max_length'), ('minimum', 'maximum')):
        if isinstance(limits.get(low), Number) and isinstance(limits.get(high), Number) \
                and limits[low].decimal > limits[high].decimal:
            problem(prop.mark, f"{low} of {where} is greater than its {high}")
    if 'pattern' in limits:
        refused = backtracking_construct(limits['pattern']) if isinstance(limits['pattern'], str) else None
        if refused:
            construct, column = refused
            problem(prop.mark, f"invalid pattern for {where}: {construct} at column {column}, which RE2 does not support")
            return
        try:
            limits['pattern'] = RE2Pattern(limits['pattern'])
        except (re.error, TypeError) as error:
            problem(prop.mark, f"invalid pattern for {where}: {error}")


def check_merge(prop, where, problem):
    scalar = prop.type.scalar if isinstance(prop.type, ScalarType) else None
    needs = {'sum': scalar is not None and scalar.bounds,
             'max': scalar is not None and (scalar.bounds or scalar.name in ('date', 'local_date')),
             'min': scalar is not None and (scalar.bounds or scalar.name in ('date', 'local_date')),
             'append': isinstance(prop.type, ArrayType), 'union': isinstance(prop.type, ArrayType),
             'deep': isinstance(prop.type, NamedType) and prop.type.model is not None}
    if not needs.get(prop.merge, True):
        problem(prop.mark, f"merge strategy '{prop.merge}' does not fit {where} of type {prop.type}")

