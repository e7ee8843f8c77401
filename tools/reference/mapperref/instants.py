"""Instants (whole milliseconds since 1970-01-01T00:00:00Z) and the built-in date formats.

- canonical form (and `iso8601` output): `YYYY-MM-DDTHH:MM:SSZ` in UTC, `.sss` only when the
  milliseconds are not zero;
- `iso8601` input: RFC 3339 (`T` and `Z` in either case) with `Z` or a `±HH:MM` offset and optional
  fractional seconds (whole milliseconds are kept, finer digits dropped toward the past);
- `unix`: a JSON number of seconds, fractions allowed (written as an integer when whole);
- `unix_ms`: a JSON number of whole milliseconds.
Calendar arithmetic is the proleptic Gregorian calendar (days_from_civil), for years 0 to 9999.
"""
import re
from decimal import Decimal, ROUND_FLOOR

from .jsonvalue import Number
from .numbers import integer_value, plain_decimal

MS_PER_DAY = 86_400_000
MIN_YEAR, MAX_YEAR = 0, 9999

_RFC3339 = re.compile(r'([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})'
                      r'(?:\.([0-9]+))?(?:([Zz])|([+-])([0-9]{2}):([0-9]{2}))')
_CANONICAL = re.compile(r'([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{3}))?Z')


def is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def days_in_month(year, month):
    return [31, 29 if is_leap(year) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]


def days_from_civil(year, month, day):
    year -= month <= 2
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(days):
    days += 719468
    era = days // 146097
    doe = days - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + (3 if mp < 10 else -9)
    return yoe + era * 400 + (month <= 2), month, day


def weekday(days):
    """0 = Sunday … 6 = Saturday, for a day number since 1970-01-01 (a Thursday)."""
    return (days + 4) % 7


def valid_fields(year, month, day, hour, minute, second):
    return (MIN_YEAR <= year <= MAX_YEAR and 1 <= month <= 12 and 1 <= day <= days_in_month(year, month)
            and 0 <= hour <= 23 and 0 <= minute <= 59 and 0 <= second <= 59)


def instant(year, month, day, hour=0, minute=0, second=0, millisecond=0, offset_minutes=0):
    """The instant of local civil fields at a UTC offset (no validation)."""
    days = days_from_civil(year, month, day)
    return (((days * 24 + hour) * 60 + minute - offset_minutes) * 60 + second) * 1000 + millisecond


def fields(ms):
    """(year, month, day, hour, minute, second, millisecond, days) of an instant in UTC."""
    days, rest = divmod(ms, MS_PER_DAY)
    year, month, day = civil_from_days(days)
    seconds, millisecond = divmod(rest, 1000)
    return year, month, day, seconds // 3600, seconds // 60 % 60, seconds % 60, millisecond, days


def in_range(ms):
    return instant(MIN_YEAR, 1, 1) <= ms <= instant(MAX_YEAR, 12, 31, 23, 59, 59, 999)


def format_canonical(ms):
    year, month, day, hour, minute, second, millisecond, _ = fields(ms)
    fraction = f'.{millisecond:03d}' if millisecond else ''
    return f'{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}{fraction}Z'


def parse_canonical(text):
    """The instant of a date in canonical form, or None (any other spelling, `.000` included)."""
    match = _CANONICAL.fullmatch(text) if isinstance(text, str) else None
    if not match:
        return None
    year, month, day, hour, minute, second = map(int, match.groups()[:6])
    if not valid_fields(year, month, day, hour, minute, second) or match.group(7) == '000':
        return None
    return instant(year, month, day, hour, minute, second, int(match.group(7) or 0))


def parse_iso8601(text):
    match = _RFC3339.fullmatch(text) if isinstance(text, str) else None
    if not match:
        return None
    year, month, day, hour, minute, second = map(int, match.groups()[:6])
    if not valid_fields(year, month, day, hour, minute, second):
        return None
    millisecond = int((match.group(7) or '0')[:3].ljust(3, '0'))
    offset = 0
    if match.group(9):
        offset_hours, offset_minutes = int(match.group(10)), int(match.group(11))
        if offset_hours > 23 or offset_minutes > 59:
            return None
        offset = (offset_hours * 60 + offset_minutes) * (-1 if match.group(9) == '-' else 1)
    ms = instant(year, month, day, hour, minute, second, millisecond, offset)
    return ms if in_range(ms) else None


def from_unix(number, per_second):
    """Milliseconds from a JSON number of seconds (`per_second` 1000) or of milliseconds (1)."""
    if not isinstance(number, Number):
        return None
    if per_second == 1:
        ms = integer_value(number.text)
    else:
        value = number.decimal
        if abs(value.adjusted()) > 20:
            return None
        ms = int((value * per_second).to_integral_value(rounding=ROUND_FLOOR))
    return ms if ms is not None and in_range(ms) else None


def to_unix(ms, per_second):
    if per_second == 1 or ms % 1000 == 0:
        return Number(str(ms // per_second if per_second == 1000 else ms))
    return Number(plain_decimal((Decimal(ms) / 1000).normalize()))
