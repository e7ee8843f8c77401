"""Formats: the built-in date formats and those a catalog defines under `formats:`.

A date format reads a JSON value into an instant (nanoseconds) and writes an instant as JSON; a
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

    def __init__(self, name, digits, unit):
        super().__init__(name, f'{name} ({unit} since 1970)')
        self.digits = digits  # 0: seconds (fractions to the nanosecond); 3, 6, 9: integer units

    def read(self, value):
        return instants.from_unix(value, self.digits)

    def write(self, ns):
        instants.check_fits(ns, self.digits or 9, self.description)
        return instants.to_unix(ns, self.digits)


class PatternDate(DateFormat):
    def __init__(self, name, pattern, locale, time_zone):
        super().__init__(name, f'{name} ("{pattern}")')
        self.locale = locale
        self.pattern = DatePattern(pattern, locale, time_zone)

    def read(self, value):
        return self.pattern.parse(value)

    def write(self, ns):
        if self.pattern.fraction_digits is not None:
            instants.check_fits(ns, self.pattern.fraction_digits, self.description)
        return self.pattern.format(ns)

    def read_day(self, value):
        """The day number a day-only pattern reads (a `local_date`: no zone applies), or None."""
        ns = self.day_pattern.parse(value)
        return None if ns is None else ns // instants.NS_PER_DAY

    def write_day(self, days):
        return self.day_pattern.format(days * instants.NS_PER_DAY)

    @property
    def day_pattern(self):
        if not hasattr(self, '_day_pattern'):
            self._day_pattern = DatePattern(self.pattern.pattern, self.locale, 'UTC')
        return self._day_pattern

    def check_samples(self):
        """A pattern must write sample instants in a form it reads back to the same text."""
        for ms in (0, 1_443_164_400_000, 1_183_135_260_123, 951_782_400_000):
            text = self.pattern.format(ms * 1_000_000)
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
            (ISO8601(), Unix('unix', 0, 'seconds'), Unix('unix_ms', 3, 'milliseconds'),
             Unix('unix_us', 6, 'microseconds'), Unix('unix_ns', 9, 'nanoseconds'))}
