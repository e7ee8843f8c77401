"""A strict JSON reader: the input rules every face of mapper applies.

UTF-8 only (a byte order mark is refused), no duplicate keys, nesting at most 512 deep, no `NaN`,
`Infinity`, leading zeros or lone surrogate escapes. Numbers are kept as their text (`Number`).
Every error carries line and column (1-based, in characters), the byte offset, and the JSON Pointer
of the value being read when it was found (`""` is the document).
"""
import re

from .jsonvalue import Number, child_pointer

MAX_DEPTH = 512

_WS = re.compile(rb'[ \t\n\r]*')
_PLAIN = re.compile(rb'[^"\\\x00-\x1f]*')
_DIGITS = re.compile(rb'[0-9]*')
_ESCAPES = {'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}


class JSONError(Exception):
    """Malformed JSON: what, where (line, column, byte offset) and the pointer being read."""

    code = 'invalid-json'

    def __init__(self, message, data, offset, pointer):
        self.offset = offset
        self.pointer = pointer
        self.line = data.count(b'\n', 0, offset) + 1
        start = data.rfind(b'\n', 0, offset) + 1
        self.column = len(data[start:offset].decode('utf-8', errors='replace')) + 1
        self.detail = message
        super().__init__(f'malformed JSON: line {self.line}, column {self.column} (byte {offset}): {message}')

    @property
    def message(self):
        return str(self)


def parse_json(data):
    """Parses one JSON document (bytes or str) into reference values."""
    if isinstance(data, str):
        data = data.encode('utf-8')
    return _Reader(data).document()


class _Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def fail(self, message, pointer, offset=None):
        raise JSONError(message, self.data, self.pos if offset is None else offset, pointer)

    def skip_ws(self):
        self.pos = _WS.match(self.data, self.pos).end()

    def peek(self):
        return self.data[self.pos:self.pos + 1]

    def found(self):
        char = self.peek()
        if not char:
            return 'end of input'
        if char[0] >= 0x80:
            return f'byte 0x{char[0]:02X}'
        return f"character '{char.decode()}'"

    def document(self):
        if self.data.startswith(b'\xef\xbb\xbf'):
            self.fail('a UTF-8 byte order mark is not allowed at the start of JSON', '')
        value = self.value('')
        self.skip_ws()
        if self.pos != len(self.data):
            self.fail(f'unexpected data after the JSON value, found {self.found()}', '')
        return value

    def value(self, pointer):
        """Reads one value; containers are read with an explicit stack, never by recursion."""
        stack = []  # frames: [container, pointer, next index or None]
        while True:
            self.skip_ws()
            char = self.peek()
            if char in (b'{', b'['):
                if len(stack) + 1 > MAX_DEPTH:
                    self.fail(f'nesting deeper than {MAX_DEPTH} levels', pointer)
                self.pos += 1
                container = {} if char == b'{' else []
                frame = [container, pointer, 0]
                stack.append(frame)
                self.skip_ws()
                if self.peek() == (b'}' if char == b'{' else b']'):
                    self.pos += 1
                    stack.pop()
                    result = container
                elif char == b'{':
                    pointer = self.key(frame)
                    continue
                else:
                    pointer = child_pointer(pointer, 0)
                    continue
            else:
                result = self.scalar(pointer)
            # Attach the finished value, then close every container that ends here.
            while True:
                if not stack:
                    return result
                frame = stack[-1]
                container, container_pointer = frame[0], frame[1]
                if isinstance(container, list):
                    container.append(result)
                else:
                    container[frame[2]] = result
                self.skip_ws()
                char = self.peek()
                close = b']' if isinstance(container, list) else b'}'
                if char == b',':
                    self.pos += 1
                    if isinstance(container, list):
                        pointer = child_pointer(container_pointer, len(container))
                    else:
                        pointer = self.key(frame)
                    break
                if char == close:
                    self.pos += 1
                    stack.pop()
                    result = container
                    continue
                if not char:
                    self.fail('unexpected end of input', container_pointer)
                kind = 'array' if close == b']' else 'object'
                self.fail(f"expected ',' or '{close.decode()}' in {kind}, found {self.found()}", container_pointer)

    def key(self, frame):
        """Reads `"key":` of an object member; returns the member's pointer."""
        container, pointer = frame[0], frame[1]
        self.skip_ws()
        start = self.pos
        if self.peek() == b'}':
            self.fail('trailing commas are not allowed in objects', pointer)
        if self.peek() != b'"':
            self.fail(f'expected a string key in object, found {self.found()}', pointer)
        key = self.string(pointer)
        if key in container:
            self.fail(f'duplicate key {_quote(key)} in object', child_pointer(pointer, key), start)
        self.skip_ws()
        if self.peek() != b':':
            self.fail(f"expected ':' after object key, found {self.found()}", pointer)
        self.pos += 1
        frame[2] = key
        return child_pointer(pointer, key)

    def scalar(self, pointer):
        char = self.peek()
        if char == b'"':
            return self.string(pointer)
        if char == b'-' or char.isdigit():
            return self.number(pointer)
        for literal, value in ((b'true', True), (b'false', False), (b'null', None)):
            if self.data.startswith(literal, self.pos) and not self.data[self.pos + len(literal):self.pos + len(literal) + 1].isalnum():
                self.pos += len(literal)
                return value
        if not char:
            self.fail('unexpected end of input', pointer)
        word = re.match(rb'[A-Za-z]+', self.data[self.pos:])
        if word:
            text = word.group().decode()
            if text in ('NaN', 'Infinity'):
                self.fail(f'{text} is not a JSON number', pointer)
            self.fail(f'invalid literal "{text}", expected true, false or null', pointer)
        self.fail(f'unexpected {self.found()}', pointer)

    def number(self, pointer):
        start = self.pos
        data = self.data
        if self.peek() == b'-':
            self.pos += 1
            if data.startswith(b'Infinity', self.pos):
                self.fail('-Infinity is not a JSON number', pointer)
        if not self.peek().isdigit():
            self.fail(f"expected a digit after '-', found {self.found()}", pointer)
        if self.peek() == b'0' and data[self.pos + 1:self.pos + 2].isdigit():
            self.fail('leading zeros are not allowed in numbers', pointer, start)
        self.pos = _DIGITS.match(data, self.pos).end()
        if self.peek() == b'.':
            self.pos += 1
            if not self.peek().isdigit():
                self.fail(f'expected a digit after the decimal point, found {self.found()}', pointer)
            self.pos = _DIGITS.match(data, self.pos).end()
        if self.peek() in (b'e', b'E'):
            self.pos += 1
            if self.peek() in (b'+', b'-'):
                self.pos += 1
            if not self.peek().isdigit():
                self.fail(f'expected a digit in the exponent, found {self.found()}', pointer)
            self.pos = _DIGITS.match(data, self.pos).end()
        return Number(data[start:self.pos].decode('ascii'))

    def string(self, pointer):
        data = self.data
        self.pos += 1  # the opening quote
        pieces = []
        while True:
            end = _PLAIN.match(data, self.pos).end()
            chunk = data[self.pos:end]
            try:
                pieces.append(chunk.decode('utf-8'))
            except UnicodeDecodeError as error:
                bad = self.pos + error.start
                kind = 'incomplete' if error.reason == 'unexpected end of data' else 'invalid'
                self.fail(f'{kind} UTF-8 sequence starting with byte 0x{data[bad]:02X}', pointer, bad)
            self.pos = end
            char = self.peek()
            if char == b'"':
                self.pos += 1
                return ''.join(pieces)
            if not char:
                self.fail('unexpected end of input in a string', pointer)
            if char == b'\\':
                pieces.append(self.escape(pointer))
                continue
            self.fail(f'control character U+{char[0]:04X} must be escaped in strings', pointer)

    def escape(self, pointer):
        data = self.data
        start = self.pos
        kind = data[self.pos + 1:self.pos + 2].decode('latin-1')
        if kind in _ESCAPES:
            self.pos += 2
            return _ESCAPES[kind]
        if kind != 'u':
            self.fail(f'invalid escape \\{kind}' if kind else 'unexpected end of input in a string', pointer)
        unit = self.hex4(pointer)
        if 0xDC00 <= unit <= 0xDFFF:
            self.fail(f'lone surrogate \\u{unit:04X}', pointer, start)
        if 0xD800 <= unit <= 0xDBFF:
            if data[self.pos:self.pos + 2] != b'\\u':
                self.fail(f'lone surrogate \\u{unit:04X}', pointer, start)
            low = self.hex4(pointer)
            if not 0xDC00 <= low <= 0xDFFF:
                self.fail(f'lone surrogate \\u{unit:04X}', pointer, start)
            return chr(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        return chr(unit)

    def hex4(self, pointer):
        digits = self.data[self.pos + 2:self.pos + 6]
        if not re.fullmatch(rb'[0-9A-Fa-f]{4}', digits):
            self.fail('expected four hex digits after \\u', pointer)
        self.pos += 6
        return int(digits, 16)


def _quote(text):
    from .jsonwrite import write_string
    return write_string(text)
