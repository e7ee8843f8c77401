"""Archives: canonical JSON in an envelope `{"$model": M, "$version": V, …}`, without the properties
marked `archive: false` and the kept keys of models with `extra: { archive: false }` (at every
level). Unarchiving an older version applies the model's migration
steps in order (each: rename, template, set when absent, drop); a newer version is an error, and so
is a template naming an absent field. Migrations apply to the archived model's own object.
"""
from .canonical import CanonicalReader
from .catalog import TEMPLATE_FIELD
from .errors import MappingError, MappingErrors
from .jsonvalue import ABSENT, Number, describe
from .jsonwrite import write_json
from .types import ArrayType, DictType, NamedType, UnionType


def archive(catalog, model, canonical):
    value = CanonicalReader(catalog).document(canonical, model)
    return {'$model': model.name, '$version': Number(str(model.version)), **_strip(catalog, model, value)}


def _strip(catalog, declared, value):
    concrete = catalog.models[value['$type']] if '$type' in value else declared
    out = {}
    for key, item in value.items():
        prop = concrete.property(key)
        if prop is None:
            if key != '$extra' or concrete.extra['archive']:
                out[key] = item
        elif prop.archive:
            out[key] = _strip_value(catalog, prop.type, item)
    return out


def _strip_value(catalog, type_, value):
    if value is None:
        return None
    if isinstance(type_, UnionType):
        type_ = type_.member('canonical', value)
    if isinstance(type_, ArrayType):
        return [_strip_value(catalog, type_.element, item) for item in value]
    if isinstance(type_, DictType):
        return {key: _strip_value(catalog, type_.value, item) for key, item in value.items()}
    if isinstance(type_, NamedType) and type_.model is not None:
        return _strip(catalog, type_.model, value)
    return value


def unarchive(catalog, envelope):
    def fail(pointer, message, code='invalid-input'):
        raise MappingErrors([MappingError(pointer, '', code, message)])

    if not isinstance(envelope, dict):
        fail('', f'expected an archive object, found {describe(envelope)}')
    model = catalog.models.get(envelope.get('$model')) if isinstance(envelope.get('$model'), str) else None
    if model is None:
        fail('/$model', f'unknown archived model {describe(envelope.get("$model", None))}', 'unknown-model')
    version = envelope.get('$version')
    if not isinstance(version, Number) or not version.text.isdigit() or int(version.text) < 1:
        fail('/$version', f'expected a version of at least 1, found {describe(version)}')
    version = int(version.text)
    if version > model.version:
        fail('/$version', f'archive from a newer schema: version {version}, {model.name} is at {model.version}')
    body = {key: value for key, value in envelope.items() if key not in ('$model', '$version')}
    for step in model.migrations:
        if step.source < version:
            continue
        for old, new in step.rename.items():
            if old in body:
                body[new] = body.pop(old)
        for target, template in step.template.items():
            for name in TEMPLATE_FIELD.findall(template):
                if body.get(name, ABSENT) is ABSENT:
                    fail(f'/{name}', f"the migration from version {step.source} builds '{target}' from '{name}', which is absent")
            body[target] = TEMPLATE_FIELD.sub(lambda match: _text(body[match.group(1)]), template)
        for name, value in step.set.items():
            body.setdefault(name, value)
        for name in step.drop:
            body.pop(name, None)
    return CanonicalReader(catalog).document(body, model)


def _text(value):
    return value if isinstance(value, str) else write_json(value, pretty=False)
