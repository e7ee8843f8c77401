#include "CJSONScan.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// One bit per byte of a 64-byte window.
typedef struct {
    uint64_t quote, backslash, newline, open, close, comma;
} masks;

static inline void classify(const uint8_t *p, masks *m) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), newline = _mm_set1_epi8('\n');
    // `[` and `{`, `]` and `}` differ in 0x20 only.
    const __m128i fold = _mm_set1_epi8(0x20), open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');
    const __m128i comma = _mm_set1_epi8(',');
    memset(m, 0, sizeof *m);
    for (int i = 0; i < 4; i++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * i));
        __m128i folded = _mm_or_si128(v, fold);
        int shift = 16 * i;
        m->quote |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)) << shift;
        m->backslash |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash)) << shift;
        m->newline |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, newline)) << shift;
        m->open |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open)) << shift;
        m->close |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close)) << shift;
        m->comma |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, comma)) << shift;
    }
#else
    memset(m, 0, sizeof *m);
    for (int i = 0; i < 64; i++) {
        uint64_t bit = 1ULL << i;
        switch (p[i]) {
        case '"': m->quote |= bit; break;
        case '\\': m->backslash |= bit; break;
        case '\n': m->newline |= bit; break;
        case '[': case '{': m->open |= bit; break;
        case ']': case '}': m->close |= bit; break;
        case ',': m->comma |= bit; break;
        default: break;
        }
    }
#endif
}

/// Bit i is the parity of the bits at and below i: set from an opening quote up to (not
/// including) its closing one.
static inline uint64_t prefix_xor(uint64_t x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

/// The bytes a backslash escapes (bit 0 from the window before); `*carry`: whether the byte after
/// the window is escaped.
static inline uint64_t escaped_bytes(uint64_t backslashes, int escaped_first, int width, int *carry) {
    uint64_t escaped = (uint64_t)escaped_first;
    *carry = 0;
    while (backslashes) {
        int i = __builtin_ctzll(backslashes);
        uint64_t bit = 1ULL << i;
        backslashes &= backslashes - 1;
        if (escaped & bit) continue;
        if (i + 1 == width) {
            *carry = 1;
        } else {
            escaped |= bit << 1;
        }
    }
    return escaped;
}

/// Counts the line breaks in `newlines` (bits of the window at `position`).
static inline void count_lines(cjs_state *state, uint64_t newlines, size_t position) {
    if (!newlines) return;
    state->newlines += (uint64_t)__builtin_popcountll(newlines);
    state->last_newline = (int64_t)(position + 63 - (size_t)__builtin_clzll(newlines));
}

cjs_stop cjs_scan(
    const uint8_t *bytes, size_t start, size_t end, cjs_state *state, uint8_t *stack, uint32_t max_depth,
    size_t *stop) {
    state->newlines = 0;
    state->last_newline = -1;
    uint8_t tail[64];
    size_t position = start;
    while (position < end) {
        const uint8_t *window = bytes + position;
        int width = 64;
        uint64_t valid = ~0ULL;
        if (end - position < 64) {
            // The block's last bytes, padded with spaces (which match nothing).
            width = (int)(end - position);
            memset(tail, ' ', sizeof tail);
            memcpy(tail, window, (size_t)width);
            window = tail;
            valid = (1ULL << width) - 1;
        }
        masks m;
        classify(window, &m);
        int carry;
        uint64_t escaped = escaped_bytes(m.backslash & valid, state->escaped, width, &carry);
        uint64_t inside = prefix_xor(m.quote & ~escaped & valid) ^ (state->in_string ? ~0ULL : 0);
        uint64_t outside = ~inside & valid;
        uint64_t newlines = m.newline & valid;
        uint64_t broken = newlines & inside;
        uint64_t opens = m.open & outside, closes = m.close & outside, commas = m.comma & outside;
        uint64_t brackets = opens | closes | broken;
        uint64_t events = brackets | (state->depth == 0 ? commas : 0);
        while (events) {
            int i = __builtin_ctzll(events);
            uint64_t bit = 1ULL << i;
            // The bits above i (none when i is 63).
            uint64_t after = ~((bit << 1) - 1);
            *stop = position + (size_t)i;
            if (broken & bit) {
                count_lines(state, newlines & (bit - 1), position);
                return CJS_LINE_BREAK_IN_STRING;
            }
            uint8_t byte = window[i];
            if (opens & bit) {
                if (state->depth >= max_depth) {
                    count_lines(state, newlines & (bit - 1), position);
                    return CJS_TOO_DEEP;
                }
                stack[state->depth++] = byte;
                events &= after & brackets;
            } else if (closes & bit) {
                if (state->depth == 0) {
                    count_lines(state, newlines & (bit - 1), position);
                    state->in_string = 0;
                    state->escaped = 0;
                    return byte == ']' ? CJS_CLOSE : CJS_STRAY_BRACE;
                }
                if (stack[state->depth - 1] + 2 != byte) {
                    count_lines(state, newlines & (bit - 1), position);
                    return CJS_MISMATCH;
                }
                state->depth--;
                events &= after;
                if (state->depth == 0) events |= commas & after;
            } else {
                count_lines(state, newlines & (bit - 1), position);
                state->in_string = 0;
                state->escaped = 0;
                return CJS_COMMA;
            }
        }
        count_lines(state, newlines, position);
        state->in_string = (uint8_t)((inside >> (width - 1)) & 1);
        state->escaped = (uint8_t)carry;
        position += (size_t)width;
    }
    *stop = end;
    return CJS_END;
}
