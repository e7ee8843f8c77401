"""Patterns are RE2 expressions, which match in linear time. Python's `re` accepts constructs that
need backtracking; the reference refuses them as RE2 does, so a catalog the reference loads is one
RE2 would run. The scan follows the RE2 syntax page (github.com/google/re2/wiki/Syntax): inside a
character class nothing but an escape is special; outside one, `(?=`, `(?!` (lookahead), `(?<=`,
`(?<!` (lookbehind), `(?>` (atomic groups), `\\1`..`\\9`, `\\k<name>`, `\\g` (backreferences),
`(?P=name)` and a `+` after a quantifier (possessive) are refused.
"""
import re

QUANTIFIERS = '*+?}'


def backtracking_construct(pattern):
    """(construct, 1-based column) of the first construct RE2 does not support, or None."""
    i, in_class, previous = 0, False, ''
    while i < len(pattern):
        char = pattern[i]
        if char == '\\':
            following = pattern[i + 1:i + 2]
            if not in_class and following and following in '123456789kg':
                return 'a backreference', i + 1
            previous = 'escape'
            i += 2
            continue
        if in_class:
            if char == ']':
                in_class = False
            i += 1
            continue
        if char == '[':
            in_class = True
            i += 1
            # A `]` first in the class (after an optional `^`) is a literal.
            if pattern[i:i + 1] == '^':
                i += 1
            if pattern[i:i + 1] == ']':
                i += 1
            previous = 'class'
            continue
        rest = pattern[i:]
        for prefix, construct in (('(?=', 'lookahead'), ('(?!', 'lookahead'), ('(?<=', 'lookbehind'),
                                  ('(?<!', 'lookbehind'), ('(?>', 'an atomic group'),
                                  ('(?P=', 'a backreference')):
            if rest.startswith(prefix):
                return construct, i + 1
        if char == '+' and previous in QUANTIFIERS and previous:
            return 'a possessive quantifier', i
        previous = char
        i += 1
    return None


def python_pattern(pattern):
    """The pattern in Python's syntax: RE2's `$` (without the `m` flag) and `\\z` are the end of the
    text, where Python's `$` also matches before a final newline; both become Python's `\\Z`."""
    multiline = '(?m' in pattern or ('(?' in pattern and 'm)' in pattern)
    out, i, in_class = [], 0, False
    while i < len(pattern):
        char = pattern[i]
        if char == '\\':
            escape = pattern[i:i + 2]
            out.append('\\Z' if escape == '\\z' else escape)
            i += 2
            continue
        if in_class:
            in_class = char != ']'
        elif char == '[':
            in_class = True
            out.append(char)
            i += 1
            for literal in ('^', ']'):
                if pattern[i:i + 1] == literal:
                    out.append(literal)
                    i += 1
            continue
        elif char == '$' and not multiline:
            char = '\\Z'
        out.append(char)
        i += 1
    return ''.join(out)


class RE2Pattern:
    """A pattern as written (`pattern`, for messages) run by Python's `re` with RE2's meaning."""

    def __init__(self, text):
        self.pattern = text
        self.compiled = re.compile(python_pattern(text))

    def search(self, value):
        return self.compiled.search(value)
