"""Data errors: what went wrong, where in the input (JSON Pointer) and in the model (path)."""

MAX_ERRORS = 100


class MappingError:
    """One data error, with the stable code the README lists: invalid-json, invalid-input,
    unknown-model, type-mismatch, missing-required, unknown-enum-value, constraint, unknown-keys,
    unknown-property, no-variant, key-path-conflict."""

    def __init__(self, pointer, path, code, message):
        self.pointer = pointer
        self.path = path
        self.code = code
        self.message = message

    def __repr__(self):
        return f'{self.pointer or "/"} ({self.path}): {self.message} [{self.code}]'


class MappingErrors(Exception):
    """Every error of one document (up to 100)."""

    def __init__(self, errors):
        self.errors = errors
        super().__init__('\n'.join(map(repr, errors)))


class ErrorList(list):
    def add(self, pointer, path, code, message):
        if len(self) < MAX_ERRORS:
            self.append(MappingError(pointer, path, code, message))
