"""`url` values: RFC 3986 URI references, checked by the RFC's grammar (section 4.1).

ASCII only, no spaces, braces or second `#`; `%` must start a `%XX` escape; a scheme, when there
is one, is a letter followed by letters, digits, `+`, `-` or `.`. Relative references are fine
(`../a?b`, `#top`, the empty string); a first segment with `:` and no valid scheme is not.
"""
import re

_UNRESERVED = r"A-Za-z0-9\-._~"
_SUB_DELIMS = r"!$&'()*+,;="
_PCT = r'%[0-9A-Fa-f]{2}'
_PCHAR = f'(?:[{_UNRESERVED}{_SUB_DELIMS}:@]|{_PCT})'
_SEGMENT = f'{_PCHAR}*'
_SEGMENT_NZ = f'{_PCHAR}+'
_SEGMENT_NZ_NC = f'(?:[{_UNRESERVED}{_SUB_DELIMS}@]|{_PCT})+'
_H16 = '[0-9A-Fa-f]{1,4}'
_DEC_OCTET = r'(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])'
_IPV4 = rf'{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}'
_LS32 = f'(?:{_H16}:{_H16}|{_IPV4})'
_IPV6 = '|'.join([
    f'(?:{_H16}:){{6}}{_LS32}',
    f'::(?:{_H16}:){{5}}{_LS32}',
    f'(?:{_H16})?::(?:{_H16}:){{4}}{_LS32}',
    f'(?:(?:{_H16}:){{0,1}}{_H16})?::(?:{_H16}:){{3}}{_LS32}',
    f'(?:(?:{_H16}:){{0,2}}{_H16})?::(?:{_H16}:){{2}}{_LS32}',
    f'(?:(?:{_H16}:){{0,3}}{_H16})?::{_H16}:{_LS32}',
    f'(?:(?:{_H16}:){{0,4}}{_H16})?::{_LS32}',
    f'(?:(?:{_H16}:){{0,5}}{_H16})?::{_H16}',
    f'(?:(?:{_H16}:){{0,6}}{_H16})?::',
])
_IP_LITERAL = rf'\[(?:{_IPV6}|v[0-9A-Fa-f]+\.[{_UNRESERVED}{_SUB_DELIMS}:]+)\]'
_REG_NAME = f'(?:[{_UNRESERVED}{_SUB_DELIMS}]|{_PCT})*'
_AUTHORITY = f'(?:(?:[{_UNRESERVED}{_SUB_DELIMS}:]|{_PCT})*@)?(?:{_IP_LITERAL}|{_REG_NAME})(?::[0-9]*)?'
_PATH_ABEMPTY = f'(?:/{_SEGMENT})*'
_PATH_ABSOLUTE = f'/(?:{_SEGMENT_NZ}(?:/{_SEGMENT})*)?'
_QUERY = f'(?:{_PCHAR}|[/?])*'
_TAIL = f'(?:\\?{_QUERY})?(?:#{_QUERY})?'
_URI = re.compile(f'[A-Za-z][A-Za-z0-9+\\-.]*:(?://{_AUTHORITY}{_PATH_ABEMPTY}|{_PATH_ABSOLUTE}|{_SEGMENT_NZ}(?:/{_SEGMENT})*|){_TAIL}')
_RELATIVE = re.compile(f'(?://{_AUTHORITY}{_PATH_ABEMPTY}|{_PATH_ABSOLUTE}|{_SEGMENT_NZ_NC}(?:/{_SEGMENT})*|){_TAIL}')


def is_uri_reference(text):
    return bool(_URI.fullmatch(text) or _RELATIVE.fullmatch(text))
