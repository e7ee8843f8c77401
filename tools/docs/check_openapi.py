#!/usr/bin/env python3
"""Checks docs/reference/openapi.yaml, the OpenAPI description of mapper's own service, against the service:

- its paths and methods are the route table (every `.get("/…")`/`.post("/…")` endpoint under
  Sources/MapperService, and the gateway's /proxy routes), no more, no less;
- its problem types (`x-problem-types`) are those the code defines;
- a running `mapper serve` (the catalog of docs/examples/cli) answers each operation's
  `x-mapper-examples` request with the status the example names, a status the operation documents,
  and, for a problem, the problem type the example names;
- `mapper import openapi` of it writes a catalog that `mapper validate --strict` accepts.

  python3 tools/docs/check_openapi.py --mapper MAPPER
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate_docs import problem_types  # noqa: E402  (one reader of the problem types)
from serve import Server  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DESCRIPTION = "docs/reference/openapi.yaml"
CATALOG = "docs/examples/cli/Mappings"
METHODS = ("get", "head", "post", "put", "patch", "delete", "options")


def route_table():
    """(METHOD, path) of every endpoint the service declares, paths with {parameter}s as OpenAPI writes them."""
    routes = set()
    for file in glob.glob(os.path.join(ROOT, "Sources/MapperService/**/*.swift"), recursive=True):
        text = open(file, encoding="utf-8").read()
        for method, path in re.findall(r'\.(get|post)\("(/[^"]*)"', text):
            if not path.endswith("/"):  # "/playground/" + file.path: the page's own assets
                routes.add((method.upper(), path))
        if 'static let prefix = "/proxy"' in text:
            methods = re.search(r"static let methods: \[HTTPRequest.Method\] = \[([^\]]*)\]", text).group(1)
            for method in re.findall(r"\.(\w+)", methods):
                routes |= {(method.upper(), "/proxy"), (method.upper(), "/proxy/{path}")}
    return routes


def described_routes(description):
    return {(method.upper(), path) for path, item in description["paths"].items()
            for method in item if method in METHODS}


def problem_type_list(description):
    return description["components"]["schemas"]["Problem"]["properties"]["type"]["x-problem-types"]


def check_examples(description, mapper, failures):
    count = 0
    with Server(mapper, ["--mappings", CATALOG], ROOT) as server:
        for path, item in description["paths"].items():
            for method, operation in item.items():
                if method not in METHODS:
                    continue
                for example in operation.get("x-mapper-examples", []):
                    count += 1
                    where = f"{DESCRIPTION}: {method.upper()} {path}, example {example}"
                    if str(example["status"]) not in operation["responses"]:
                        failures.append(f"{where}: the operation does not document the status {example['status']}")
                    body = None
                    if "body" in example:
                        body = json.dumps(example["body"]).encode()
                    elif "text" in example:
                        body = example["text"].encode()
                    status, answer = server.send(method.upper(), example.get("path", path), body,
                                                 example.get("contentType", "application/json"))
                    if status != example["status"]:
                        failures.append(f"{where}: the service answered {status}: {answer[:300]!r}")
                    elif "type" in example:
                        problem = json.loads(answer)
                        expected = "https://mapper.dev/problems/" + example["type"]
                        if problem.get("type") != expected:
                            failures.append(f"{where}: the problem's type is {problem.get('type')}, not {expected}")
    return count


def check_import(mapper, failures):
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "catalog")
        run = subprocess.run([mapper, "import", "openapi", DESCRIPTION, "--out", out, "--quiet"], cwd=ROOT,
                             capture_output=True, text=True)
        if run.returncode != 0:
            failures.append(f"mapper import openapi {DESCRIPTION} failed: {run.stderr}")
            return
        run = subprocess.run([mapper, "validate", "--strict", out], capture_output=True, text=True)
        if run.returncode != 0:
            failures.append(f"the catalog imported from {DESCRIPTION} does not validate --strict:\n{run.stdout}{run.stderr}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mapper", required=True)
    mapper = os.path.abspath(parser.parse_args().mapper)
    description = yaml.safe_load(open(os.path.join(ROOT, DESCRIPTION), encoding="utf-8"))
    failures = []
    code, described = route_table(), described_routes(description)
    for method, path in sorted(code - described):
        failures.append(f"{DESCRIPTION} lacks the service's endpoint {method} {path}")
    for method, path in sorted(described - code):
        failures.append(f"{DESCRIPTION} describes {method} {path}, which the service does not have")
    types, listed = set(problem_types()), set(problem_type_list(description))
    if types != listed:
        failures.append(f"{DESCRIPTION}'s x-problem-types differ from the code's: missing {sorted(types - listed)}, "
                        f"unknown {sorted(listed - types)}")
    examples = check_examples(description, mapper, failures)
    check_import(mapper, failures)
    for failure in failures:
        print("error: " + failure, file=sys.stderr)
    print(f"{DESCRIPTION}: {len(described)} operations, {examples} example requests: {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
