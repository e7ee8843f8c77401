"""The three number types' rules on JSON number text.

- `int`: a number with no fractional part (`5`, `5.0`, `5e2`) that fits in 64 bits, checked exactly on
  the digits, never through a double; canonical text is the plain integer.
- `double`: any number, rounded once to the nearest IEEE double; canonical text is the shortest
  round-trip form in ECMAScript's `Number.prototype.toString` style (`5`, `0.1`, `1e+21`, `5e-324`).
- `decimal`: any number, its digits kept exactly as written.
"""
import re
from decimal import Decimal

from .jsonvalue import Number

INT64_MIN = -(2 ** 63)
INT64_MAX = 2 ** 63 - 1
JSON_NUMBER = re.compile(r'-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?')
CANONICAL_INT = re.compile(r'-?(0|[1-9][0-9]*)')


def integer_value(text):
    """The exact integer a JSON number spells, or None when it has a fractional part.

    Huge exponents are decided without expanding the digits (`1e999999999` is not expanded).
    """
    sign, digits, exponent = Decimal(text).as_tuple()
    digits = ''.join(map(str, digits)).lstrip('0')
    if not digits:
        return 0
    stripped = digits.rstrip('0')
    exponent += len(digits) - len(stripped)
    if exponent < 0:
        return None
    if len(stripped) + exponent > 40:  # far beyond 64 bits; no need for the exact value
        return (-1 if sign else 1) * 10 ** 40
    value = int(stripped) * 10 ** exponent
    return -value if sign else value


def int64(text):
    """The Int64 a JSON number text means, or None (fraction or out of range)."""
    value = integer_value(text)
    if value is None or not INT64_MIN <= value <= INT64_MAX:
        return None
    return value


def to_double(text):
    """The nearest double, or None when the number is beyond the double range."""
    value = float(text)
    if value in (float('inf'), float('-inf')):
        return None
    return value


def format_double(value):
    """The shortest round-trip text of a double, ECMAScript style; -0 is written 0."""
    if value != value or value in (float('inf'), float('-inf')):
        raise ValueError(f'{value} is not a JSON number')
    if value == 0:
        return '0'
    sign, digit_tuple, exponent = Decimal(repr(abs(value))).as_tuple()
    digits = ''.join(map(str, digit_tuple))
    stripped = digits.rstrip('0')
    exponent += len(digits) - len(stripped)
    digits = stripped
    k = len(digits)
    n = exponent + k  # the decimal point sits after n digits
    if k <= n <= 21:
        text = digits + '0' * (n - k)
    elif 0 < n <= 21:
        text = digits[:n] + '.' + digits[n:]
    elif -6 < n <= 0:
        text = '0.' + '0' * -n + digits
    else:
        power = n - 1
        text = digits[0] + ('.' + digits[1:] if k > 1 else '') + 'e' + ('+' if power >= 0 else '-') + str(abs(power))
    return ('-' if value < 0 else '') + text


def double_number(value):
    return Number(format_double(value))


def plain_decimal(value):
    """A Decimal in positional notation, keeping its trailing zeros (`1.50`, `0.00150`, `12345`)."""
    return format(value, 'f')
