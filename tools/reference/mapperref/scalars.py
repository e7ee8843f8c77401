"""The scalar types: each one's rules in one class, used by decoding, canonical reading and encoding.

A scalar knows how to turn a JSON value of the external side into its canonical JSON (`decode`),
how to check canonical JSON (`read`), how to write canonical JSON back to the external side
(`encode`), and which property fields apply to it. `conversion` carries a property's `json:` hint
and resolved `format`. Adding a type means adding a class here and listing it in `SCALARS`.
"""
import re
from decimal import Decimal

from . import instants
from .formats import BUILT_IN
from .jsonvalue import Number, describe
from .numbers import CANONICAL_INT, JSON_NUMBER, double_number, int64, plain_decimal, to_double
from .urls import is_uri_reference

_UUID = re.compile(r'[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}')


class Mismatch(Exception):
    """A value that is not of the expected type: `expected …, found …`."""

    def __init__(self, expected, found):
        super().__init__(f'expected {expected}, found {describe(found)}')


class Conversion:
    """What a property says about its scalar's external form: `json:` hint and `format`."""

    def __init__(self, hint=None, format_=None, defaults=None):
        self.hint = hint
        self.format = format_
        self.defaults = defaults or {}  # the file's default format per scalar name

    def fitting(self, scalar):
        """The part of the conversion that applies to a scalar: a union's members take the hints
        and formats they fit; without either, a scalar takes the file's default format for it."""
        hint = self.hint if self.hint in scalar.hints else None
        format_ = self.format if getattr(self.format, 'kind', None) == scalar.format_kind else None
        format_ = format_ or self.defaults.get(scalar.name)
        if (hint, format_) == (self.hint, self.format) and not self.defaults:
            return self
        return Conversion(hint, format_)


PLAIN = Conversion()


class Scalar:
    name = ''
    hints = ()              # allowed `json:` values
    format_kind = None      # 'date' or 'number': which formats `format:` may name
    length = False          # min_length / max_length apply
    bounds = False          # minimum / maximum apply
    pattern = False

    canonical_kind = 'string'  # the kind of JSON value of its canonical form

    def decode(self, value, conversion):
        raise NotImplementedError

    def read(self, value):
        raise NotImplementedError

    def accepts(self, format_):
        """Whether `format:` may name this format for the scalar."""
        return self.format_kind == format_.kind

    def encode(self, canonical, conversion):
        return canonical

    def external_kind(self, conversion):
        """The kind of JSON value it reads from external JSON, given its `json:` hint and format."""
        return self.canonical_kind

    def kinds(self, conversion, side):
        return {self.external_kind(conversion) if side == 'external' else self.canonical_kind}

    def magnitude(self, canonical):
        """The exact value compared with `minimum` / `maximum` (Decimals compare exactly)."""
        return Decimal(canonical.text)


class String(Scalar):
    name = 'string'
    length = True
    pattern = True

    def decode(self, value, conversion):
        return self.read(value)

    def read(self, value):
        if not isinstance(value, str):
            raise Mismatch('a string', value)
        return value


class _Numeric(Scalar):
    """int, double and decimal share their external forms: a number, a string (`json: string`)
    or a localized string (`format:` of a number format)."""

    hints = ('string',)
    format_kind = 'number'
    bounds = True
    what = ''
    canonical_kind = 'number'

    def external_kind(self, conversion):
        return 'string' if conversion.format is not None or conversion.hint == 'string' else 'number'

    def decode(self, value, conversion):
        if conversion.format is not None:
            exact = conversion.format.number.parse(value)
            if exact is None:
                raise Mismatch(f'{self.what} in format {conversion.format.description}', value)
            return self.from_text(plain_decimal(exact), value)
        if conversion.hint == 'string':
            if not isinstance(value, str) or not JSON_NUMBER.fullmatch(value):
                raise Mismatch(f'a string holding {self.what}', value)
            return self.from_text(value, value)
        if not isinstance(value, Number):
            raise Mismatch(self.what, value)
        return self.from_text(value.text, value)

    def encode(self, canonical, conversion):
        if conversion.format is not None:
            return conversion.format.number.format(Decimal(canonical.text))
        if conversion.hint == 'string':
            return canonical.text
        return canonical


class Int(_Numeric):
    name = 'int'
    what = 'an integer'

    def from_text(self, text, found):
        value = int64(text)
        if value is None:
            raise Mismatch('an integer that fits in 64 bits', found)
        return Number(str(value))

    def read(self, value):
        if not isinstance(value, Number) or not CANONICAL_INT.fullmatch(value.text) or int64(value.text) is None:
            raise Mismatch('an integer', value)
        return Number(str(int(value.text)))


class Double(_Numeric):
    name = 'double'
    what = 'a number'

    def from_text(self, text, found):
        value = to_double(text)
        if value is None:
            raise Mismatch('a number within the range of a double', found)
        return double_number(value)

    def read(self, value):
        if not isinstance(value, Number):
            raise Mismatch('a number', value)
        return self.from_text(value.text, value)


class DecimalScalar(_Numeric):
    name = 'decimal'
    what = 'a number'

    def from_text(self, text, found):
        return Number(text)

    def read(self, value):
        if not isinstance(value, Number):
            raise Mismatch('a number', value)
        return value


class Bool(Scalar):
    name = 'bool'
    hints = ('string', 'int')
    canonical_kind = 'boolean'

    def external_kind(self, conversion):
        return {'string': 'string', 'int': 'number'}.get(conversion.hint, 'boolean')

    def decode(self, value, conversion):
        if conversion.hint == 'string':
            if not isinstance(value, str) or value not in ('true', 'false'):
                raise Mismatch('"true" or "false"', value)
            return value == 'true'
        if conversion.hint == 'int':
            if not isinstance(value, Number) or value.decimal not in (0, 1):
                raise Mismatch('0 or 1', value)
            return value.decimal == 1
        return self.read(value)

    def read(self, value):
        if not isinstance(value, bool):
            raise Mismatch('true or false', value)
        return value

    def encode(self, canonical, conversion):
        if conversion.hint == 'string':
            return 'true' if canonical else 'false'
        if conversion.hint == 'int':
            return Number('1' if canonical else '0')
        return canonical


class URL(String):
    name = 'url'
    length = False
    pattern = False

    def read(self, value):
        if not isinstance(value, str) or not is_uri_reference(value):
            raise Mismatch('a URI reference (RFC 3986)', value)
        return value


class UUID(Scalar):
    name = 'uuid'

    def decode(self, value, conversion):
        if not isinstance(value, str) or not _UUID.fullmatch(value):
            raise Mismatch('a UUID (8-4-4-4-12 hex digits)', value)
        return value.lower()

    def read(self, value):
        if not isinstance(value, str) or not _UUID.fullmatch(value) or value != value.lower():
            raise Mismatch('a UUID in lower case', value)
        return value


class Date(Scalar):
    name = 'date'
    format_kind = 'date'

    def external_kind(self, conversion):
        return (conversion.format or BUILT_IN['iso8601']).json_kind

    def decode(self, value, conversion):
        format_ = conversion.format or BUILT_IN['iso8601']
        ns = format_.read(value)
        if ns is None:
            raise Mismatch(f'a date in format {format_.description}', value)
        return instants.format_canonical(ns)

    def read(self, value):
        if instants.parse_canonical(value) is None:
            raise Mismatch('a date in canonical form (YYYY-MM-DDTHH:MM:SS[.sss[sss[sss]]]Z)', value)
        return value

    def encode(self, canonical, conversion):
        """The external value; raises instants.Unrepresentable when the format has too few digits."""
        return (conversion.format or BUILT_IN['iso8601']).write(instants.parse_canonical(canonical))


class LocalDate(Scalar):
    """A calendar day without time or zone: canonical `YYYY-MM-DD`; external the same text, or a
    day-only date pattern (read and written in UTC whatever the format's time zone)."""
    name = 'local_date'
    format_kind = 'date'

    def accepts(self, format_):
        return getattr(getattr(format_, 'pattern', None), 'day_only', False)

    def decode(self, value, conversion):
        format_ = conversion.format
        if format_ is None or format_.name == 'iso8601':
            return self.read(value)
        days = format_.read_day(value) if hasattr(format_, 'read_day') else None
        if days is None:
            raise Mismatch(f'a calendar date in format {format_.description}', value)
        return instants.format_day(days)

    def read(self, value):
        if instants.parse_day(value) is None:
            raise Mismatch('a calendar date (YYYY-MM-DD)', value)
        return value

    def encode(self, canonical, conversion):
        format_ = conversion.format
        if format_ is None or format_.name == 'iso8601':
            return canonical
        return format_.write_day(instants.parse_day(canonical))


class Any(Scalar):
    name = 'any'

    def kinds(self, conversion, side):
        return {'string', 'number', 'boolean', 'object', 'array'}

    def decode(self, value, conversion):
        return value

    def read(self, value):
        return value


SCALARS = {scalar.name: scalar for scalar in
           (String(), Int(), Double(), DecimalScalar(), Bool(), URL(), UUID(), Date(), LocalDate(), Any())}
