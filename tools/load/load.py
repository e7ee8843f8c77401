#!/usr/bin/env python3
"""The service under load, for script/load (which installs wrk and builds the binaries, then runs
this with them): requests/s and latency of POST /v1/decode/Issue with a real GitHub issue body,
next to GET /healthz on the same server, so the mapping overhead is a ratio.

The endpoints are measured in alternating rounds and each reports its best round, so that a burst
of other work on the machine does not land on one endpoint only. Next to requests/s, each round
reports the server's own processor time per request (from /proc): wrk runs on the same cores and
pays more for a decoding request's larger bodies than for /healthz's, so the server's share of
the throughput ratio is read there.

usage: load.py MAPPER [BARE_HUMMINGBIRD]   (settings from the environment, as script/load lists)
"""
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROUNDS = int(os.environ.get("ROUNDS", "3"))
DURATION = os.environ.get("DURATION", "5s")
CONNECTIONS = os.environ.get("CONNECTIONS", "8")
THREADS = os.environ.get("THREADS", "1")
LOG_LEVEL = os.environ.get("LOG_LEVEL", "warning")
BODY = os.environ.get("BODY", "Examples/github/responses/add-labels-to-issue-0-post.json")
SERVE_FLAGS = os.environ.get("SERVE_FLAGS", "").split()
SHADOW = os.environ.get("SHADOW", "")
TICKS = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(url, data):
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


class Server:
    """A process serving on a free loopback port, healthy (GET /healthz answers) before use."""

    def __init__(self, command, work, name):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = os.path.join(work, f"{name}.log")
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen([arg.replace("PORT", str(self.port)) for arg in command],
                                            stdout=log, stderr=subprocess.STDOUT)
        for _ in range(100):
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        sys.exit(f"error: {name} did not answer /healthz within 10 s; its log:\n" + open(self.log).read())

    def cpu_ticks(self):
        """The processor time (user and system, in clock ticks) the server has used so far."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    def stop(self):
        self.process.terminate()
        self.process.wait()


def milliseconds(text):
    """wrk writes latencies as 1.23ms, 456.00us or 1.02s."""
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def measure(server, url, script, log):
    """One wrk run: requests/s, p50 and p99 (ms), non-2xx responses, the server's us a request."""
    before = server.cpu_ticks()
    arguments = ["wrk", f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{DURATION}", "--latency"]
    arguments += ["-s", script] if script else []
    output = subprocess.run(arguments + [url], env=dict(os.environ, MAPPER_BODY=BODY),
                            capture_output=True, text=True, check=True).stdout
    ticks = server.cpu_ticks() - before
    log.write(output)
    requests = int(re.search(r"^\s*(\d+) requests in ", output, re.M).group(1))
    percentile = {m.group(1): milliseconds(m.group(2)) for m in re.finditer(r"^\s*(50|99)%\s+(\S+)", output, re.M)}
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "rps": float(re.search(r"^Requests/sec:\s+([\d.]+)", output, re.M).group(1)),
        "p50": percentile["50"], "p99": percentile["99"],
        "errors": int(errors.group(1)) if errors else 0,
        "cpu": ticks * 1e6 / TICKS / requests if requests else 0.0,
    }


def main():
    mapper, bare = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else None)
    body = open(BODY, "rb").read()
    work = tempfile.mkdtemp()
    script = os.path.join(work, "post.lua")
    with open(script, "w") as lua:
        lua.write('local file = assert(io.open(os.getenv("MAPPER_BODY"), "rb"))\nwrk.method = "POST"\n'
                  'wrk.body = file:read("*a")\nwrk.headers["Content-Type"] = "application/json"\nfile:close()\n')
    serve = [mapper, "serve", "--mappings", "Mappings", "--port", "PORT", "--log-level", LOG_LEVEL] + SERVE_FLAGS
    servers = []
    try:
        live = Server(serve, work, "mapper")
        servers.append(live)
        endpoints = [("GET /healthz", live, live.url + "/healthz", None),
                     ("POST /v1/decode/Issue", live, live.url + "/v1/decode/Issue", script)]
        if SHADOW:
            shadow = Server(serve + ["--shadow", SHADOW], work, "mapper-shadow")
            servers.append(shadow)
            endpoints.append(("POST /v1/decode/Issue, shadow", shadow, shadow.url + "/v1/decode/Issue", script))
        for server in servers:
            status, answer = post(server.url + "/v1/decode/Issue", body)
            if status != 200:
                sys.exit(f"error: POST /v1/decode/Issue answered {status}: {answer.decode(errors='replace')}")
        if bare:
            floor = Server([bare, "PORT"], work, "bare-hummingbird")
            servers.append(floor)
            if post(floor.url + "/echo", body)[1] != body:
                sys.exit("error: BareHummingbird's /echo does not answer the body back")
            endpoints += [("bare Hummingbird GET /healthz", floor, floor.url + "/healthz", None),
                          ("bare Hummingbird POST /echo", floor, floor.url + "/echo", script)]
        report(endpoints, body, work)
        if SHADOW:
            print("==> the shadow server's comparisons (compared, and dropped because the worker had no spare processor time):")
            metrics = urllib.request.urlopen(shadow.url + "/metrics").read().decode()
            for line in metrics.splitlines():
                if re.match(r"mapper_shadow_(agreements|differences|candidate_errors|dropped)_total", line):
                    print("    " + line)
    finally:
        for server in servers:
            server.stop()


def report(endpoints, body, work):
    load = lambda: " ".join(open("/proc/loadavg").read().split()[:3])
    print(f"==> machine: {os.cpu_count()} cores, load average {load()} before the runs")
    print(f"==> wrk -t{THREADS} -c{CONNECTIONS} -d{DURATION} (log level {LOG_LEVEL}), {ROUNDS} rounds each"
          + (f"; the shadow server runs with --shadow {SHADOW}" if SHADOW else ""))
    with open(os.path.join(work, "wrk.txt"), "w") as log:
        for _, server, url, script in endpoints:
            measure(server, url, script, log)  # warm-up
        best = [None] * len(endpoints)
        errors = [0] * len(endpoints)
        for round in range(1, ROUNDS + 1):
            for index, (name, server, url, script) in enumerate(endpoints):
                run = measure(server, url, script, log)
                print(f"    round {round}: {name} {run['rps']:.2f} requests/s, p50 {run['p50']:.2f} ms, "
                      f"p99 {run['p99']:.2f} ms, server {run['cpu']:.1f} us of processor time a request", flush=True)
                errors[index] += run["errors"]
                if best[index] is None or run["rps"] > best[index]["rps"]:
                    best[index] = run
    print(f"==> load average {load()} after the runs")
    print("\nbest round of each (non-2xx: all rounds):")
    print(f"{'endpoint':<34} {'requests/s':>12} {'p50 (ms)':>10} {'p99 (ms)':>10} {'non-2xx':>8} {'server us/request':>18}")
    for (name, *_), run, failed in zip(endpoints, best, errors):
        print(f"{name:<34} {run['rps']:>12.2f} {run['p50']:>10.2f} {run['p99']:>10.2f} {failed:>8} {run['cpu']:>18.1f}")
    ratios(dict(zip((name for name, *_ in endpoints), best)), len(body))
    if any(errors):
        sys.exit("error: some responses were not 2xx")


def ratios(best, size):
    health, decode = best["GET /healthz"], best["POST /v1/decode/Issue"]
    print(f"\ndecode/healthz throughput: {decode['rps'] / health['rps']:.2f} (a decoding request of "
          f"{size / 1024:.1f} KiB takes {1e6 / decode['rps'] - 1e6 / health['rps']:.1f} us longer)")
    if decode["cpu"] > 0:
        print(f"server processor time a request: decode {decode['cpu']:.1f} us, healthz {health['cpu']:.1f} us "
              f"({health['cpu'] / decode['cpu']:.2f}: the throughput ratio if the server had the cores to itself)")
    print(f"decode/healthz p99: {decode['p99'] / health['p99']:.2f}x")
    shadow = best.get("POST /v1/decode/Issue, shadow")
    if shadow:
        print(f"with the shadow on: throughput {shadow['rps'] / decode['rps']:.2f}x, p50 {shadow['p50'] / decode['p50']:.2f}x, "
              f"p99 {shadow['p99'] / decode['p99']:.2f}x of the live server without it")
    echo, bare = best.get("bare Hummingbird POST /echo"), best.get("bare Hummingbird GET /healthz")
    if echo:
        line = f"bare Hummingbird echo/healthz throughput: {echo['rps'] / bare['rps']:.2f}"
        if echo["cpu"] > 0:
            line += f", processor time {bare['cpu'] / echo['cpu']:.2f} ({bare['cpu']:.1f} and {echo['cpu']:.1f} us a request)"
        print(line + ": the most any endpoint that reads this body and answers as much can reach on this server")


if __name__ == "__main__":
    main()
