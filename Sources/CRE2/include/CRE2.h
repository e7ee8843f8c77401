// A C interface over Google's RE2 (Debian's libre2-dev), for MapperRegex: compile once, match
// many times from any thread (RE2's matching functions are const and thread-safe).
#ifndef CRE2_H
#define CRE2_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cre2_regex cre2_regex;

/// Compiles `pattern` (UTF-8, `length` bytes). On failure returns NULL and sets `*error_code`
/// (RE2::ErrorCode), `*error_message` and `*error_fragment` (the part of the pattern RE2 blames),
/// both to be released with `cre2_free_string`.
cre2_regex *cre2_compile(const char *pattern, size_t length, int *error_code, char **error_message, char **error_fragment);

void cre2_free(cre2_regex *regex);

void cre2_free_string(char *string);

/// Whether `text` contains a match (unanchored search).
int cre2_contains(const cre2_regex *regex, const char *text, size_t length);

/// Whether all of `text` matches.
int cre2_full_match(const cre2_regex *regex, const char *text, size_t length);

#ifdef __cplusplus
}
#endif

#endif
