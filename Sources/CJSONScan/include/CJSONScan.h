// The byte scan that finds where the elements of a streamed JSON array end (`ArrayReader`):
// 64 bytes at a time, with bit masks of the bytes that matter (SSE2 on x86-64, a byte loop
// elsewhere), strings and their escapes resolved without a branch per byte.
#ifndef CJSONSCAN_H
#define CJSONSCAN_H

#include <stddef.h>
#include <stdint.h>

/// Where a scan stands between calls (zeroed before an element's first byte).
typedef struct {
    /// Brackets open in the element (their bytes are on the caller's stack).
    uint32_t depth;
    /// The next byte is inside a string.
    uint8_t in_string;
    /// The next byte is escaped by a backslash.
    uint8_t escaped;
    /// Set by each call: line breaks before the stop, and the offset of the last one (-1: none).
    uint64_t newlines;
    int64_t last_newline;
} cjs_state;

/// What a scan stopped at.
typedef enum {
    /// The end of the bytes given, inside the element.
    CJS_END = 0,
    /// A comma after the element (outside strings and brackets).
    CJS_COMMA = 1,
    /// The `]` that closes the array.
    CJS_CLOSE = 2,
    /// A `}` that closes nothing.
    CJS_STRAY_BRACE = 3,
    /// A closing bracket that does not match the open one (`stack[depth - 1]`).
    CJS_MISMATCH = 4,
    /// An opening bracket beyond `max_depth`.
    CJS_TOO_DEEP = 5,
    /// A raw line break inside a string.
    CJS_LINE_BREAK_IN_STRING = 6,
} cjs_stop;

/// Scans `bytes[start..<end]` from `state`, pushing and popping brackets on `stack` (room for
/// `max_depth`); `*stop` is the offset of what it stopped at (`end` for `CJS_END`). The line
/// breaks before the stop (outside strings) are counted in `state`.
cjs_stop cjs_scan(
    const uint8_t *bytes, size_t start, size_t end, cjs_state *state, uint8_t *stack, uint32_t max_depth,
    size_t *stop);

#endif
