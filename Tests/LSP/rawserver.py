"""A `mapper lsp` driven byte by byte, for what a well-behaved client never sends."""

import json
import os
import select
import subprocess
import time

MAPPER = os.environ.get("MAPPER", "mapper")


def frame(message) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class RawServer:
    def __init__(self, cwd, *arguments):
        self.process = subprocess.Popen(
            [MAPPER, "lsp", *arguments], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.buffer = b""

    def send(self, *chunks: bytes) -> None:
        self.process.stdin.write(b"".join(chunks))
        self.process.stdin.flush()

    def request(self, id, method, params=None) -> bytes:
        return frame({"jsonrpc": "2.0", "id": id, "method": method, "params": params or {}})

    def notification(self, method, params=None) -> bytes:
        return frame({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def initialize(self) -> dict:
        self.send(self.request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}}))
        answer = self.answer(1)
        self.send(self.notification("initialized"))
        return answer

    def read(self, timeout: float = 10) -> dict:
        """The next message from the server; fails after `timeout` seconds (a hang)."""
        deadline = time.monotonic() + timeout
        while True:
            if b"\r\n\r\n" in self.buffer:
                header, rest = self.buffer.split(b"\r\n\r\n", 1)
                length = int(header.split(b":")[1])
                if len(rest) >= length:
                    self.buffer = rest[length:]
                    return json.loads(rest[:length])
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError("the server did not answer in time")
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 1 << 16)
                if not chunk:
                    raise AssertionError(f"the server closed its output (exit status {self.process.wait()})")
                self.buffer += chunk

    def answer(self, id, timeout: float = 10) -> dict:
        """The response to request `id`, skipping notifications (kept in `self.notifications`)."""
        while True:
            message = self.read(timeout)
            if "method" not in message and message.get("id") == id:
                return message
            self.notifications.append(message)

    notifications: list

    def __enter__(self):
        self.notifications = []
        return self

    def __exit__(self, *_):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()

    def close_and_wait(self, timeout: float = 10) -> int:
        self.process.stdin.close()
        return self.process.wait(timeout)
