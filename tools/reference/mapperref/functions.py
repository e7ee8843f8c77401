"""The `functions:` block: CEL functions defined once, callable by name from every expression of the
catalog.

    functions:
      units:
        params: { cents: int }
        returns: decimal
        expr: "decimal(cents).scale(-2)"

The rules checked here, independently of mapper's CEL engine:
- a name matches `[A-Za-z_][A-Za-z0-9_]*`, is defined once in the catalog, and is not a name CEL
  already gives a meaning (a standard function, a macro, a type name, a reserved word) or one of
  mapper's added functions;
- `params` maps parameter names (as property names) to type expressions of the catalog; `returns`
  is a type expression; `expr` is a string; no other key than these and `doc`;
- no function calls itself, directly or through other functions;
- every call of a function of the block, in a function body or any expression of a model, passes as
  many arguments as the function has parameters.
The types of the arguments and of the body's result need CEL's type checker, which the reference
does not implement: those checks are mapper's alone.
"""
import re

from .properties import MEMBER_NAME
from .types import TypeError_, parse_type

FUNCTION_KEYS = {'params', 'returns', 'expr', 'doc'}

# CEL's standard definitions (cel-spec, langdef.md "List of Standard Definitions" and the extension
# libraries mapper enables: strings, math, lists, encoders aside), macros, type names, reserved words.
CEL_NAMES = set('''
    size int uint double string bytes bool list map type dyn null_type duration timestamp decimal
    has all exists exists_one existsOne filter transformList transformMap transformMapEntry
    contains endsWith startsWith matches getDate getDayOfMonth getDayOfWeek getDayOfYear getFullYear
    getHours getMilliseconds getMinutes getMonth getSeconds charAt indexOf lastIndexOf lowerAscii
    upperAscii replace split substring trim join quote format reverse greatest least abs ceil floor
    round trunc sign isInf isNaN isFinite sqrt distinct flatten range slice sort sortBy first last
    scale optional true false null in as break const continue else for function if import let loop
    package namespace return var void while
'''.split())
MAPPER_FUNCTIONS = {'json', 'base64'}  # namespaces of mapper's added functions (json.parse, base64.encode, …)

_TOKEN = re.compile(r'''"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\.?[A-Za-z_][A-Za-z0-9_]*|[()\[\]{},]|\S''')


def calls(expression):
    """The plain calls (`name(…)`, not `x.name(…)`) of a CEL expression: (name, argument count,
    1-based column), found by tokenizing it (string literals skipped)."""
    tokens = [(m.group(), m.start()) for m in _TOKEN.finditer(expression)]
    found = []
    for i, (token, start) in enumerate(tokens):
        if not re.fullmatch(r'[A-Za-z_][A-Za-z0-9_]*', token) or i + 1 >= len(tokens) or tokens[i + 1][0] != '(':
            continue
        depth, count, empty = 0, 0, True
        for inner, _ in tokens[i + 1:]:
            if inner in '([{':
                depth += 1
                if depth == 1:
                    continue
            elif inner in ')]}':
                depth -= 1
                if depth == 0:
                    break
            elif inner == ',' and depth == 1:
                count += 1
                continue
            empty = False
        found.append((token, 0 if empty else count + 1, start + 1))
    return found


class Functions:
    def __init__(self, problem):
        self.problem = problem
        self.defined = {}  # name → (mark, parameter names, body)

    def read(self, block, mark):
        if not isinstance(block, dict):
            self.problem(mark, 'functions must be a mapping of names to functions')
            return
        for name, spec in block.items():
            where = block.mark_of(name)
            if not isinstance(name, str) or not MEMBER_NAME.fullmatch(name):
                self.problem(where, f'function name {name!r} is not a valid name')
                continue
            if name in CEL_NAMES or name in MAPPER_FUNCTIONS:
                self.problem(where, f"function '{name}' has the name of a CEL built-in")
                continue
            if name in self.defined:
                self.problem(where, f"function '{name}' is defined twice")
                continue
            if not isinstance(spec, dict):
                self.problem(where, f"function '{name}' must be a mapping with params, returns and expr")
                continue
            for key in spec:
                if key not in FUNCTION_KEYS:
                    self.problem(spec.mark_of(key), f"unknown key '{key}' in function '{name}'")
            params = spec.get('params') or {}
            if not isinstance(params, dict) or any(not isinstance(p, str) or not MEMBER_NAME.fullmatch(p) for p in params):
                self.problem(where, f"the params of function '{name}' must map parameter names to types")
                params = {}
            types = list(params.values()) + ([spec['returns']] if 'returns' in spec else [])
            if 'returns' not in spec or not isinstance(spec.get('expr'), str):
                self.problem(where, f"function '{name}' needs returns and an expr string")
                continue
            self.defined[name] = (where, list(params), spec['expr'], types)

    def check(self, catalog, expressions):
        """Resolves the types, refuses recursion, and checks the argument count of every call in the
        bodies and in `expressions` ((mark, text) pairs of the models' expressions)."""
        for name, (where, _, _, types) in self.defined.items():
            for written in types:
                try:
                    names = _names(parse_type(written))
                except TypeError_ as error:
                    self.problem(where, f"function '{name}': {error}")
                    continue
                for named in names:
                    if named not in catalog.models and named not in catalog.enums:
                        self.problem(where, f"function '{name}': unknown type '{named}'")
        graph = {name: [c for c, _, _ in calls(body) if c in self.defined] for name, (_, _, body, _) in self.defined.items()}
        for name in self.defined:
            if _reaches(graph, name, name):
                self.problem(self.defined[name][0], f"function '{name}' calls itself (directly or through other functions)")
        bodies = [(where, body) for where, _, body, _ in self.defined.values()]
        for mark, text in bodies + list(expressions):
            for called, count, column in calls(text):
                if called in self.defined and count != len(self.defined[called][1]):
                    self.problem(mark, f"'{called}' takes {len(self.defined[called][1])} arguments, "
                                       f"called with {count} at column {column} of '{text}'")


def _names(type_):
    """The model and enum names a parsed type expression refers to."""
    for attribute in ('element', 'value'):
        if hasattr(type_, attribute):
            return _names(getattr(type_, attribute))
    if hasattr(type_, 'members'):
        return [n for member in type_.members for n in _names(member)]
    return [type_.name] if hasattr(type_, 'name') and not hasattr(type_, 'scalar') else []


def _reaches(graph, start, goal):
    seen, stack = set(), list(graph.get(start, []))
    while stack:
        name = stack.pop()
        if name == goal:
            return True
        if name not in seen:
            seen.add(name)
            stack.extend(graph.get(name, []))
    return False
