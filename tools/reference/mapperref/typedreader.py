"""Reading a JSON value by its declared type: the walk decoding and canonical reading share.

A document is an object (one model) or an array of them (null elements stay null); arrays and
dictionaries are read element by element (null elements kept), each error collected with its JSON
Pointer and model path (`Issue.labels[2].color`); a union reads a value as the member of its kind.
Subclasses say which side they read (`side`) and how a scalar, an enum value and a model object
are read (`scalar`, `enum`, `model`).
"""
from .errors import ErrorList, MappingErrors
from .jsonvalue import child_pointer, describe
from .routes import ROUTE_BODY
from .scalars import Mismatch
from .types import ArrayType, DictType, ScalarType, UnionType
from .unions import expected


class TypedReader:
    side = ''  # 'external' or 'canonical': which JSON kinds pick a union's member

    def __init__(self, catalog):
        self.catalog = catalog
        self.errors = ErrorList()

    def document(self, value, model, pointer=''):
        """The value read as the model (or an array of it); raises MappingErrors with every error."""
        if model.route_value:  # a route's body that is a value of a type: read as its one property's
            result = self.route_value(value, model.properties[0], pointer, model.name[len(ROUTE_BODY):])
        elif isinstance(value, dict):
            result = self.model(value, model, pointer, model.name)
        elif isinstance(value, list):
            result = [self.object(item, model, f'{pointer}/{index}', f'{model.name}[{index}]')
                      for index, item in enumerate(value)]
        else:
            self.errors.add(pointer, model.name, 'invalid-input',
                            f'expected an object or an array of objects, found {describe(value)}')
            result = None
        if self.errors:
            raise MappingErrors(self.errors)
        return result

    def value(self, value, type_, conversion, pointer, path):
        if value is None:
            return None
        if isinstance(type_, ScalarType):
            try:
                return self.scalar(value, type_.scalar, conversion.fitting(type_.scalar))
            except Mismatch as error:
                self.errors.add(pointer, path, 'type-mismatch', str(error))
                return None
        if isinstance(type_, ArrayType):
            if not isinstance(value, list):
                self.errors.add(pointer, path, 'type-mismatch', f'expected an array, found {describe(value)}')
                return None
            return [self.value(item, type_.element, conversion, child_pointer(pointer, index), f'{path}[{index}]')
                    for index, item in enumerate(value)]
        if isinstance(type_, DictType):
            if not isinstance(value, dict):
                self.errors.add(pointer, path, 'type-mismatch', f'expected an object, found {describe(value)}')
                return None
            return {key: self.value(item, type_.value, conversion, child_pointer(pointer, key), f'{path}[{key}]')
                    for key, item in value.items()}
        if isinstance(type_, UnionType):
            member = type_.member(self.side, value)
            if member is None:
                self.errors.add(pointer, path, 'type-mismatch', f'expected {expected(type_, self.side)}, found {describe(value)}')
                return None
            return self.value(value, member, conversion, pointer, path)
        if type_.enum is not None:
            return self.enum(value, type_.enum, pointer, path)
        return self.object(value, type_.model, pointer, path)

    def route_value(self, value, prop, pointer, path):
        """A whole document as the value of a property (a route's body type: `int`, `[string]`)."""
        return self.value(value, prop.type, prop.conversion, pointer, path)

    def object(self, value, model, pointer, path):
        if value is None:
            return None
        if not isinstance(value, dict):
            self.errors.add(pointer, path, 'type-mismatch', f'expected an object ({model.name}), found {describe(value)}')
            return None
        return self.model(value, model, pointer, path)

    def scalar(self, value, scalar, conversion):
        raise NotImplementedError

    def enum(self, value, enum, pointer, path):
        raise NotImplementedError

    def model(self, obj, model, pointer, path):
        raise NotImplementedError
