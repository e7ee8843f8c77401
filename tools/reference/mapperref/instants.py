"""Instants (whole nanoseconds since 1970-01-01T00:00:00Z) and the built-in date formats.

- canonical form (and `iso8601` output): `YYYY-MM-DDTHH:MM:SSZ` in UTC, then the fraction of the
  second in groups of three digits, as many as it needs (`.sss`, `.ssssss`, `.sssssssss`), none
  when it is zero;
- `iso8601` input: RFC 3339 (`T` and `Z` in either case) with `Z` or a `±HH:MM` offset and optional
  fractional seconds of 1 to 9 digits, kept exactly;
- `unix`: a JSON number of seconds, fractions to the nanosecond (finer is no date), written as an
  integer when whole;
- `unix_ms`, `unix_us`, `unix_ns`: a JSON number of whole milliseconds, microseconds, nanoseconds.
A format that writes fewer fraction digits than an instant has refuses it (`Unrepresentable`).
Calendar arithmetic is the proleptic Gregorian calendar (days_from_civil), for years 0 to 9999.
"""
import re
from decimal import Decimal, ROUND_FLOOR

from .jsonvalue import Number
from .numbers import integer_value, plain_decimal

NS_PER_SECOND = 1_000_000_000
NS_PER_DAY = 86_400 * NS_PER_SECOND
MIN_YEAR, MAX_YEAR = 0, 9999

_RFC3339 = re.compile(r'([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})'
                      r'(?:\.([0-9]{1,9}))?(?:([Zz])|([+-])([0-9]{2}):([0-9]{2}))')
_CANONICAL = re.compile(r'([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{3}|[0-9]{6}|[0-9]{9}))?Z')


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


class Unrepresentable(Exception):
    """An instant with more fraction digits than a format writes (an encode error)."""


def instant(year, month, day, hour=0, minute=0, second=0, nanosecond=0, offset_minutes=0):
    """The instant (nanoseconds) of local civil fields at a UTC offset (no validation)."""
    days = days_from_civil(year, month, day)
    return (((days * 24 + hour) * 60 + minute - offset_minutes) * 60 + second) * NS_PER_SECOND + nanosecond


def fields(ns):
    """(year, month, day, hour, minute, second, nanosecond, days) of an instant in UTC."""
    days, rest = divmod(ns, NS_PER_DAY)
    year, month, day = civil_from_days(days)
    seconds, nanosecond = divmod(rest, NS_PER_SECOND)
    return year, month, day, seconds // 3600, seconds // 60 % 60, seconds % 60, nanosecond, days


def in_range(ns):
    return instant(MIN_YEAR, 1, 1) <= ns <= instant(MAX_YEAR, 12, 31, 23, 59, 59, NS_PER_SECOND - 1)


def fraction_digits(ns):
    """The fraction digits canonical JSON writes for an instant: 0, 3, 6 or 9."""
    nanosecond = ns % NS_PER_SECOND
    return next(digits for digits in (0, 3, 6, 9) if nanosecond % 10 ** (9 - digits) == 0)


def check_fits(ns, digits, description):
    """Raises Unrepresentable when `digits` fraction digits cannot write the instant exactly."""
    if ns % 10 ** (9 - digits):
        raise Unrepresentable(f'{format_canonical(ns)} has {fraction_digits(ns)} fraction digits, '
                              f'more than format {description} writes ({digits})')


def format_canonical(ns):
    year, month, day, hour, minute, second, nanosecond, _ = fields(ns)
    digits = fraction_digits(ns)
    fraction = f'.{nanosecond // 10 ** (9 - digits):0{digits}d}' if digits else ''
    return f'{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}{fraction}Z'


def parse_canonical(text):
    """The instant of a date in canonical form, or None (any other spelling, `.000` included)."""
    match = _CANONICAL.fullmatch(text) if isinstance(text, str) else None
    if not match:
        return None
    year, month, day, hour, minute, second = map(int, match.groups()[:6])
    fraction = match.group(7) or ''
    if not valid_fields(year, month, day, hour, minute, second) or (fraction and int(fraction) == 0):
        return None
    ns = instant(year, month, day, hour, minute, second, int(fraction.ljust(9, '0') or 0))
    return ns if format_canonical(ns) == text else None


_DAY = re.compile(r'([0-9]{4})-([0-9]{2})-([0-9]{2})')


def parse_day(text):
    """The day number (days since 1970-01-01) of a calendar date `YYYY-MM-DD`, or None (an
    impossible day such as 2019-02-30 included)."""
    match = _DAY.fullmatch(text) if isinstance(text, str) else None
    if not match:
        return None
    year, month, day = map(int, match.groups())
    if not valid_fields(year, month, day, 0, 0, 0):
        return None
    return days_from_civil(year, month, day)


def format_day(days):
    year, month, day = civil_from_days(days)
    return f'{year:04d}-{month:02d}-{day:02d}'


def parse_iso8601(text):
    match = _RFC3339.fullmatch(text) if isinstance(text, str) else None
    if not match:
        return None
    year, month, day, hour, minute, second = map(int, match.groups()[:6])
    if not valid_fields(year, month, day, hour, minute, second):
        return None
    nanosecond = int((match.group(7) or '0').ljust(9, '0'))
    offset = 0
    if match.group(9):
        offset_hours, offset_minutes = int(match.group(10)), int(match.group(11))
        if offset_hours > 23 or offset_minutes > 59:
            return None
        offset = (offset_hours * 60 + offset_minutes) * (-1 if match.group(9) == '-' else 1)
    ns = instant(year, month, day, hour, minute, second, nanosecond, offset)
    return ns if in_range(ns) else None


def from_unix(number, digits):
    """Nanoseconds from a JSON number of seconds (`digits` 0) or of milliseconds, microseconds or
    nanoseconds (3, 6, 9): exact, or None."""
    if not isinstance(number, Number):
        return None
    if digits:
        value = integer_value(number.text)
        ns = None if value is None else value * 10 ** (9 - digits)
    else:
        value = number.decimal
        if abs(value.adjusted()) > 20:
            return None
        scaled = value.scaleb(9)
        ns = int(scaled) if scaled == scaled.to_integral_value(rounding=ROUND_FLOOR) else None
    return ns if ns is not None and in_range(ns) else None


def to_unix(ns, digits):
    if digits:
        return Number(str(ns // 10 ** (9 - digits)))
    if ns % NS_PER_SECOND == 0:
        return Number(str(ns // NS_PER_SECOND))
    return Number(plain_decimal((Decimal(ns) / NS_PER_SECOND).normalize()))
