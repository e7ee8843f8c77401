#include "CRE2.h"

#include <cstdlib>
#include <cstring>
#include <re2/re2.h>

struct cre2_regex {
    re2::RE2 regex;
    cre2_regex(const re2::StringPiece &pattern, const re2::RE2::Options &options) : regex(pattern, options) {}
};

static char *copy_string(const std::string &text) {
    char *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (copy != nullptr) {
        std::memcpy(copy, text.data(), text.size());
        copy[text.size()] = '\0';
    }
    return copy;
}

extern "C" cre2_regex *cre2_compile(const char *pattern, size_t length, int *error_code, char **error_message, char **error_fragment) {
    re2::RE2::Options options;
    options.set_encoding(re2::RE2::Options::EncodingUTF8);
    options.set_log_errors(false);
    // Only "is there a match" is ever asked: no submatch bookkeeping.
    options.set_never_capture(true);
    cre2_regex *compiled = new cre2_regex(re2::StringPiece(pattern, length), options);
    if (!compiled->regex.ok()) {
        *error_code = static_cast<int>(compiled->regex.error_code());
        *error_message = copy_string(compiled->regex.error());
        *error_fragment = copy_string(compiled->regex.error_arg());
        delete compiled;
        return nullptr;
    }
    return compiled;
}

extern "C" void cre2_free(cre2_regex *regex) { delete regex; }

extern "C" void cre2_free_string(char *string) { std::free(string); }

extern "C" int cre2_contains(const cre2_regex *regex, const char *text, size_t length) {
    return re2::RE2::PartialMatch(re2::StringPiece(text, length), regex->regex) ? 1 : 0;
}

extern "C" int cre2_full_match(const cre2_regex *regex, const char *text, size_t length) {
    return re2::RE2::FullMatch(re2::StringPiece(text, length), regex->regex) ? 1 : 0;
}
