"""`mapper serve` on a free port for the manual's checks; stopped when the `with` block ends."""

import re
import subprocess
import threading
import urllib.error
import urllib.request


class Server:
    """Runs `mapper serve --port 0 ARGUMENTS` in `cwd` and reads the address it listens on."""

    def __init__(self, mapper, arguments, cwd, env=None):
        self.process = subprocess.Popen([mapper, "serve", "--port", "0", "--log-format", "json", *arguments], cwd=cwd,
                                        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.base = None
        seen = []
        for line in self.process.stdout:
            seen.append(line)
            if m := re.search(r"listening on (http://[0-9.]+:[0-9]+)", line):
                self.base = m.group(1)
                break
        if self.base is None:
            self.process.kill()
            raise RuntimeError("mapper serve did not start: " + "".join(seen))
        # Keep reading its log, so that a full pipe never blocks the server.
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()

    @property
    def address(self):
        """`127.0.0.1:PORT`."""
        return self.base.removeprefix("http://")

    def send(self, method, path, body=None, content_type="application/json"):
        request = urllib.request.Request(self.base + path, data=body, method=method)
        if body is not None:
            request.add_header("Content-Type", content_type)
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()
