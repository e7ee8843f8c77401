"""Key styles: the JSON key a property name gets when no `key` is given.

`snake_case` is exactly Foundation's `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`
(`createdAt` → `created_at`, `myURLProperty` → `my_url_property`, `URL` → `u_rl`);
`kebab-case` and `SCREAMING_SNAKE_CASE` are that with `-` or upper case; `camelCase` and
`PascalCase` drop underscores, upper-case the first letter of every word after the first, and set
the first letter's case.
"""
import unicodedata

STYLES = ('as_is', 'snake_case', 'camelCase', 'PascalCase', 'kebab-case', 'SCREAMING_SNAKE_CASE')


def _upper(char):
    return unicodedata.category(char) in ('Lu', 'Lt')


def _lower(char):
    return unicodedata.category(char) == 'Ll'


def snake_words(name):
    """The words of a name as Foundation's convertToSnakeCase splits them."""
    if not name:
        return [name]
    words = []
    word_start = 0
    search = 1
    end = len(name)
    while True:
        upper = next((i for i in range(search, end) if _upper(name[i])), None)
        if upper is None:
            break
        words.append(name[word_start:upper])
        lower = next((i for i in range(upper, end) if _lower(name[i])), None)
        if lower is None:
            word_start = upper
            search = end
            break
        if lower == upper + 1:
            word_start = upper
        else:
            words.append(name[upper:lower - 1])
            word_start = lower - 1
        search = lower + 1
    words.append(name[word_start:end])
    return words


def convert(name, style):
    if style == 'as_is':
        return name
    if style in ('snake_case', 'kebab-case', 'SCREAMING_SNAKE_CASE'):
        joined = ('-' if style == 'kebab-case' else '_').join(word.lower() for word in snake_words(name))
        return joined.upper() if style == 'SCREAMING_SNAKE_CASE' else joined
    words = [word for word in name.split('_') if word]
    if not words:
        return name
    words = [words[0]] + [word[0].upper() + word[1:] for word in words[1:]]
    first = words[0][0].lower() if style == 'camelCase' else words[0][0].upper()
    return first + ''.join(words)[1:]
