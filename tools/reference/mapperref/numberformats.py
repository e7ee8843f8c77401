"""Number formats (`number: decimal | percent | scientific`): numbers carried as localized strings.

Exact in both directions: the string's digits become the number's digits (no rounding), and writing
shows every digit of the value. en_US (and en_US_POSIX, en) spelling: `,` groups thousands (in
threes, only where they belong), `.` is the decimal point, `-` the sign.
- decimal: `12,345.678` (grouping optional on input)
- percent: `12.5%` is 0.125
- scientific: `1.2345E4` is 12345 (one digit before the point)
"""
import re
from decimal import Decimal

from .numbers import plain_decimal

STYLES = ('decimal', 'percent', 'scientific')
LOCALES = {'en_US', 'en_US_POSIX', 'en'}
_PLAIN = r'-?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?'
_SHAPES = {
    'decimal': re.compile(_PLAIN),
    'percent': re.compile(f'({_PLAIN})%'),
    'scientific': re.compile(r'-?[0-9](?:\.[0-9]+)?E-?[0-9]+'),
}


class NumberFormatError(ValueError):
    pass


class NumberFormat:
    """One `number:` format: parse a string into an exact Decimal, write a Decimal as a string."""

    def __init__(self, style, locale='en_US'):
        if style not in STYLES:
            raise NumberFormatError(f"unknown number style '{style}'; use decimal, percent or scientific")
        if locale not in LOCALES:
            raise NumberFormatError(f"locale '{locale}' is not supported by the reference (en_US, en_US_POSIX)")
        self.style = style

    def parse(self, text):
        """The exact Decimal a string spells, or None."""
        if not isinstance(text, str):
            return None
        match = _SHAPES[self.style].fullmatch(text)
        if not match:
            return None
        if self.style == 'decimal':
            return Decimal(text.replace(',', ''))
        if self.style == 'percent':
            return Decimal(match.group(1).replace(',', '')).scaleb(-2)
        return Decimal(text)

    def format(self, value):
        if self.style == 'scientific':
            sign, digits, exponent = value.as_tuple()
            digits = ''.join(map(str, digits)).lstrip('0') or '0'
            power = value.adjusted() if value else 0
            mantissa = digits[0] + ('.' + digits[1:] if len(digits) > 1 else '')
            return ('-' if sign else '') + mantissa + 'E' + str(power)
        if self.style == 'percent':
            return _grouped(plain_decimal(value.scaleb(2))) + '%'
        return _grouped(plain_decimal(value))


def _grouped(text):
    sign = '-' if text.startswith('-') else ''
    whole, point, fraction = text.lstrip('-').partition('.')
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return sign + ','.join(groups) + point + fraction
