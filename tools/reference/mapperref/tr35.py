"""Unicode TR35 date patterns, parsed strictly and written, in a locale and a time zone.

Supported fields: `y` (`yy` is 1950–2049), `M`/`L` (number, `MMM` abbreviated, `MMMM` full name),
`d`, `E` (`E`–`EEE` abbreviated, `EEEE` full weekday name; it must match the date), `a`, `h`, `H`,
`k`, `K`, `m`, `s`, `S` (fraction of a second), `Z`, `X`, `x` (offsets), and quoted literals. When
read, `d`, `dd`, `M`, `MM`, `H`, `HH` … take one or two digits, `yy` exactly two, `y` and `yyyy`
at least as many as the letters, `S…` exactly as many; when written, fields are zero-padded to
the number of letters.
Names match case-insensitively. Nothing rolls over: `September 37` or `24:00:00` is no date. A
string without an offset field is local time in the format's time zone (an IANA name, `UTC`, `GMT`
or `±HH:MM`). Locales: `en_US` and `en_US_POSIX` (the only ones the catalogs use). Gregorian only.
"""
import datetime
import re
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from . import instants

MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
          'October', 'November', 'December']
WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
LOCALES = {'en_US', 'en_US_POSIX', 'en'}
LETTERS = set('yMLdEahHkKmsSZXx')
_OFFSET = re.compile(r'([+-])([0-9]{2}):([0-9]{2})')


class PatternError(ValueError):
    pass


class Zone:
    """A fixed offset or an IANA time zone."""

    def __init__(self, name):
        self.name = name
        match = _OFFSET.fullmatch(name)
        if name in ('UTC', 'GMT', 'Z'):
            self.fixed = 0
        elif match:
            hours, minutes = int(match.group(2)), int(match.group(3))
            if hours > 23 or minutes > 59:
                raise PatternError(f"time zone offset '{name}' is out of range")
            self.fixed = (hours * 60 + minutes) * (-1 if match.group(1) == '-' else 1)
        else:
            self.fixed = None
            try:
                self.info = ZoneInfo(name)
            except (ZoneInfoNotFoundError, ValueError):
                raise PatternError(f"unknown time zone '{name}'") from None

    def offset_at(self, ns):
        """The UTC offset in minutes at an instant."""
        if self.fixed is not None:
            return self.fixed
        moment = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(
            microseconds=ns // 1000)
        return int(moment.astimezone(self.info).utcoffset().total_seconds()) // 60

    def offset_of_local(self, year, month, day, hour, minute, second):
        """The UTC offset in minutes of a local time (the earlier one when it is ambiguous)."""
        if self.fixed is not None:
            return self.fixed
        local = datetime.datetime(max(year, 1), month, day, hour, minute, second, tzinfo=self.info)
        return int(local.utcoffset().total_seconds()) // 60


def tokenize(pattern):
    tokens = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "'":
            end = index + 1
            text = ''
            while True:
                if end >= len(pattern):
                    raise PatternError(f"unterminated quote in date pattern '{pattern}'")
                if pattern[end] == "'":
                    if pattern[end + 1:end + 2] == "'":
                        text += "'"
                        end += 2
                        continue
                    break
                text += pattern[end]
                end += 1
            tokens.append(('literal', text or "'"))
            index = end + 1
        elif char.isascii() and char.isalpha():
            end = index
            while end < len(pattern) and pattern[end] == char:
                end += 1
            if char not in LETTERS:
                raise PatternError(f"date pattern field '{char * (end - index)}' is not supported")
            tokens.append(('field', char, end - index))
            index = end
        else:
            tokens.append(('literal', char))
            index += 1
    return tokens


class DatePattern:
    """One `date:` format: parse a string into an instant, write an instant as a string."""

    def __init__(self, pattern, locale='en_US_POSIX', time_zone='UTC'):
        if locale not in LOCALES:
            raise PatternError(f"locale '{locale}' is not supported by the reference (en_US, en_US_POSIX)")
        self.pattern = pattern
        self.tokens = tokenize(pattern)
        self.zone = Zone(time_zone)
        letters = {token[1] for token in self.tokens if token[0] != 'literal'}
        # Only a day: year, month and day (a weekday may come along), no time and no offset.
        self.day_only = letters <= set('yMLdE') and {'y', 'd'} <= letters and bool(letters & set('ML'))
        counts = [token[2] for token in self.tokens if token[0] != 'literal' and token[1] == 'S']
        self.fraction_digits = min(max(counts), 9) if counts else None

    # ------------------------------------------------------------------ writing
    def format(self, ns):
        offset = self.zone.offset_at(ns)
        year, month, day, hour, minute, second, nanosecond, days = instants.fields(ns + offset * 60 * instants.NS_PER_SECOND)
        out = []
        for token in self.tokens:
            if token[0] == 'literal':
                out.append(token[1])
                continue
            _, letter, count = token
            if letter == 'y':
                out.append(f'{year % 100:02d}' if count == 2 else str(year).zfill(count))
            elif letter in 'ML':
                out.append(_name(MONTHS[month - 1], count) if count >= 3 else str(month).zfill(count))
            elif letter == 'd':
                out.append(str(day).zfill(count))
            elif letter == 'E':
                out.append(_name(WEEKDAYS[instants.weekday(days)], 4 if count == 4 else 3 if count < 4 else 5))
            elif letter == 'a':
                out.append('AM' if hour < 12 else 'PM')
            elif letter in 'hHkK':
                shown = {'H': hour, 'h': (hour % 12) or 12, 'k': hour or 24, 'K': hour % 12}[letter]
                out.append(str(shown).zfill(count))
            elif letter == 'm':
                out.append(str(minute).zfill(count))
            elif letter == 's':
                out.append(str(second).zfill(count))
            elif letter == 'S':
                out.append(f'{nanosecond:09d}'.ljust(count, '0')[:count])
            else:
                out.append(_format_offset(letter, count, offset))
        return ''.join(out)

    # ------------------------------------------------------------------ parsing
    def parse(self, text):
        """The instant a string means, or None when it does not match the pattern exactly."""
        if not isinstance(text, str):
            return None
        values = {}
        position = 0
        for index, token in enumerate(self.tokens):
            if token[0] == 'literal':
                if not text.startswith(token[1], position):
                    return None
                position += len(token[1])
                continue
            _, letter, count = token
            parsed = self._parse_field(text, position, letter, count)
            if parsed is None:
                return None
            value, position = parsed
            key = {'L': 'M', 'X': 'Z', 'x': 'Z'}.get(letter, letter)
            if key in values and values[key] != value:
                return None
            values[key] = value
        if position != len(text):
            return None
        return self._resolve(values)

    def _parse_field(self, text, position, letter, count):
        if letter in 'ML' and count >= 3:
            found = _match_name(text, position, MONTHS, count)
            return found and (found[0] + 1, found[1])
        if letter == 'E':
            return _match_name(text, position, WEEKDAYS, 4 if count == 4 else 3)
        if letter == 'a':
            for index, word in enumerate(('AM', 'PM')):
                if text[position:position + 2].upper() == word:
                    return index, position + 2
            return None
        if letter in 'ZXx':
            return _parse_offset(text, position, letter, count)
        if letter == 'S':
            digits = text[position:position + count]
            if len(digits) != count or not digits.isdigit() or not digits.isascii():
                return None
            return int(digits[:9].ljust(9, '0')), position + count
        # numeric fields
        run = re.match(r'[0-9]*', text[position:]).group()
        if letter == 'y':
            digits = run if count != 2 else run[:2]
            minimum = count
        else:
            digits = run[:max(count, 2)]
            minimum = 1 if count <= 2 else count
        if len(digits) < max(minimum, 1):
            return None
        value = int(digits)
        if letter == 'y' and count == 2:
            value = 1900 + value if value >= 50 else 2000 + value
        return value, position + len(digits)

    def _resolve(self, values):
        year = values.get('y', 1970)
        month = values.get('M', 1)
        day = values.get('d', 1)
        minute = values.get('m', 0)
        second = values.get('s', 0)
        hour = 0
        if 'H' in values:
            hour = values['H']
        elif 'k' in values:
            if not 1 <= values['k'] <= 24:
                return None
            hour = values['k'] % 24
        elif 'h' in values or 'K' in values:
            half = values.get('h', values.get('K'))
            if 'h' in values and not 1 <= half <= 12 or 'K' in values and not 0 <= half <= 11:
                return None
            hour = half % 12 + 12 * values.get('a', 0)
        if not instants.valid_fields(year, month, day, hour, minute, second):
            return None
        days = instants.days_from_civil(year, month, day)
        if 'E' in values and values['E'] != instants.weekday(days):
            return None
        if 'Z' in values:
            offset = values['Z']
        else:
            try:
                offset = self.zone.offset_of_local(year, month, day, hour, minute, second)
            except ValueError:
                return None
        ns = instants.instant(year, month, day, hour, minute, second, values.get('S', 0), offset)
        return ns if instants.in_range(ns) else None


def _name(full, count):
    return full if count == 4 else full[0] if count == 5 else full[:3]


def _match_name(text, position, names, count):
    for index, full in enumerate(names):
        name = full if count == 4 else full[:3]
        if text[position:position + len(name)].lower() == name.lower():
            return index, position + len(name)
    return None


def _format_offset(letter, count, offset):
    if offset == 0 and (letter == 'X' or letter == 'Z' and count == 5):
        return 'Z'
    sign = '-' if offset < 0 else '+'
    hours, minutes = divmod(abs(offset), 60)
    if letter == 'Z':
        if count <= 3:
            return f'{sign}{hours:02d}{minutes:02d}'
        if count == 4:
            return 'GMT' if offset == 0 else f'GMT{sign}{hours:02d}:{minutes:02d}'
        return f'{sign}{hours:02d}:{minutes:02d}'
    if count == 1:
        return f'{sign}{hours:02d}' + (f'{minutes:02d}' if minutes else '')
    if count in (2, 4):
        return f'{sign}{hours:02d}{minutes:02d}'
    return f'{sign}{hours:02d}:{minutes:02d}'


def _parse_offset(text, position, letter, count):
    """(offset in minutes, position after it) for an offset field, or None."""
    rest = text[position:]
    if (letter == 'X' or (letter == 'Z' and count == 5)) and rest[:1] in ('Z', 'z'):
        return 0, position + 1
    if letter == 'Z' and count == 4:
        if not rest.startswith('GMT'):
            return None
        if not rest[3:4] in ('+', '-'):
            return 0, position + 3
        rest, position = rest[3:], position + 3
        shape = r'([+-])([0-9]{2}):([0-9]{2})'
    elif letter == 'Z' and count <= 3 or letter in 'Xx' and count in (2, 4):
        shape = r'([+-])([0-9]{2})([0-9]{2})'
    elif letter in 'Xx' and count == 1:
        shape = r'([+-])([0-9]{2})([0-9]{2})?'
    else:
        shape = r'([+-])([0-9]{2}):([0-9]{2})'
    match = re.match(shape, rest)
    if not match:
        return None
    hours, minutes = int(match.group(2)), int(match.group(3) or 0)
    if hours > 23 or minutes > 59:
        return None
    return (hours * 60 + minutes) * (-1 if match.group(1) == '-' else 1), position + match.end()
