"""Formats: the built-in date formats and those a catalog defines under `formats:`.

A date format reads a JSON value into an instant (milliseconds) and writes an instant as JSON; a
number format reads a string into an exact Decimal and writes one back (numberformats.py).
"""
from . import instants
from .numberformats import NumberFormat
from .tr35 import DatePattern


class DateFormat:
    kind = 'date'
    json_kind = 'string'  # the kind of JSON value it reads and writes

    def __init__(self, name, description):
        self.name = name
        self.description = description

    def read(self, value):
        """The instant a JSON value means in this format, or None."""
        raise NotImplementedError

    def write(self, ms):
        raise NotImplementedError


class ISO8601(DateFormat):
    def __init__(self):
        super().__init__('iso8601', 'iso8601')

    def read(self, value):
        return instants.parse_iso8601(value)

    def write(self, ms):
        return instants.format_canonical(ms)


class Unix(DateFormat):
    json_kind = 'number'

    def __init__(self, name, per_second, unit):
        super().__init__(name, f'{name} ({unit} since 1970)')
        self.per_second = per_second

    def read(self, value):
        return instants.from_unix(value, self.per_second)

    def write(self, ms):
        return instants.to_unix(ms, self.per_second)


class PatternDate(DateFormat):
    def __init__(self, name, pattern, locale, time_zone):
        super().__init__(name, f'{name} ("{pattern}")')
        self.pattern = DatePattern(pattern, locale, time_zone)

    def read(self, value):
        return self.pattern.parse(value)

    def write(self, ms):
        return self.pattern.format(ms)

    def check_samples(self):
        """A pattern must write sample instants in a form it reads back to the same text."""
        for ms in (0, 1_443_164_400_000, 1_183_135_260_123, 951_782_400_000):
            text = self.pattern.format(ms)
            back = self.pattern.parse(text)
            if back is None or self.pattern.format(back) != text:
                return f"date pattern '{self.pattern.pattern}' cannot read back what it writes ('{text}')"
        return None


class NumberStyle:
    kind = 'number'

    def __init__(self, name, style, locale):
        self.name = name
        self.description = f'{name} ({style})'
        self.number = NumberFormat(style, locale)


BUILT_IN = {format_.name: format_ for format_ in
            (ISO8601(), Unix('unix', 1000, 'seconds'), Unix('unix_ms', 1, 'milliseconds'))}
