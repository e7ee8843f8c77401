"""What a broken or hostile client sends: an error answer or a log message, never a crash or a hang."""

import json

import pytest

from conftest import started, write
from rawserver import RawServer, frame

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602
SERVER_NOT_INITIALIZED, REQUEST_CANCELLED = -32002, -32800


def test_exit_after_shutdown_is_status_0_and_without_it_1(tmp_path):
    with RawServer(tmp_path) as server:
        server.initialize()
        server.send(server.request(2, "shutdown"))
        assert server.answer(2)["result"] is None
        # After shutdown, requests are refused and the server keeps waiting for exit.
        server.send(server.request(3, "textDocument/hover"))
        assert server.answer(3)["error"]["code"] == INVALID_REQUEST
        server.send(server.notification("exit"))
        assert server.process.wait(10) == 0
    with RawServer(tmp_path) as server:
        server.initialize()
        server.send(server.notification("exit"))
        assert server.process.wait(10) == 1
    with RawServer(tmp_path) as server:
        server.initialize()
        # The client went away without a word.
        assert server.close_and_wait() == 1


def test_requests_before_initialize_are_refused(tmp_path):
    with RawServer(tmp_path) as server:
        server.send(server.request(7, "shutdown"))
        assert server.answer(7)["error"]["code"] == SERVER_NOT_INITIALIZED
        answer = server.initialize()
        assert answer["result"]["serverInfo"]["name"] == "mapper"
        server.send(server.request(2, "initialize", {"capabilities": {}}))
        assert server.answer(2)["error"]["code"] == INVALID_REQUEST


def test_broken_messages_get_error_answers_and_the_server_goes_on(tmp_path):
    with RawServer(tmp_path) as server:
        server.initialize()
        server.send(frame(b"{not json"))
        answer = server.answer(None)
        assert answer["error"]["code"] == PARSE_ERROR
        # Bytes that are not UTF-8 inside a string.
        server.send(frame(b'{"jsonrpc": "2.0", "id": 5, "method": "\xff\xfe"}'))
        assert server.answer(None)["error"]["code"] == PARSE_ERROR
        server.send(frame(b"[1, 2]"))
        assert server.answer(None)["error"]["code"] == INVALID_REQUEST
        server.send(frame({"jsonrpc": "2.0", "id": 6}))
        assert server.answer(6)["error"]["code"] == INVALID_REQUEST
        server.send(server.request(8, "mapper/unknown"))
        assert server.answer(8)["error"]["code"] == METHOD_NOT_FOUND
        server.send(server.request(9, "$/unknown"))
        assert server.answer(9)["error"]["code"] == METHOD_NOT_FOUND
        server.send(server.request(10, "shutdown"))
        assert server.answer(10)["result"] is None


def test_malformed_frames_are_skipped_with_a_log_message(tmp_path):
    with RawServer(tmp_path) as server:
        server.initialize()
        server.send(b"Content-Type: text/plain\r\n\r\n{}", b"Content-Length: nope\r\n\r\n", server.request(2, "shutdown"))
        assert server.answer(2)["result"] is None
        logs = [n for n in server.notifications if n["method"] == "window/logMessage"]
        assert len(logs) == 2 and all("malformed" in log["params"]["message"] for log in logs)


def test_a_frame_cut_off_by_the_end_of_the_input_is_no_crash(tmp_path):
    with RawServer(tmp_path) as server:
        server.initialize()
        server.send(b"Content-Length: 100\r\n\r\n{\"jsonrpc\"")
        assert server.close_and_wait() == 1


def test_a_cancelled_request_is_answered_request_cancelled(tmp_path):
    with RawServer(tmp_path) as server:
        server.initialize()
        # Sent together: the cancellation is read before the request's turn.
        server.send(server.request(4, "mapper/unknown"), server.notification("$/cancelRequest", {"id": 4}))
        assert server.answer(4)["error"]["code"] == REQUEST_CANCELLED


def test_invalid_notification_params_are_logged(tmp_path):
    with RawServer(tmp_path) as server:
        server.initialize()
        server.send(
            server.notification("textDocument/didOpen", {"textDocument": {"uri": 42}}),
            server.notification("textDocument/didChange", {"textDocument": {"uri": "file:///nowhere.yaml"}, "contentChanges": []}),
            server.request(2, "shutdown"),
        )
        server.answer(2)
        logs = [n["params"]["message"] for n in server.notifications if n["method"] == "window/logMessage"]
        assert any("textDocument.uri" in log for log in logs), logs
        assert any("was not opened" in log for log in logs), logs


def test_a_10_mb_file_is_checked(tmp_path):
    properties = "".join(f"      p{i}: {{ type: string, doc: \"{'x' * 60}\" }}\n" for i in range(110_000))
    text = "mapper: 1\nmodels:\n  Big:\n    properties:\n" + properties + "      last: itn\n"
    assert len(text.encode()) > 10_000_000
    write(tmp_path, {"Mappings/big.yaml": "mapper: 1\n"})
    with RawServer(tmp_path) as server:
        server.initialize()
        uri = (tmp_path / "Mappings" / "big.yaml").resolve().as_uri()
        server.send(server.notification("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}))
        while True:
            message = server.read(timeout=120)
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                break
        [diagnostic] = message["params"]["diagnostics"]
        assert diagnostic["code"] == "unknown-type"
        assert diagnostic["range"]["start"]["line"] == 110_004


def test_invalid_request_params_are_invalid_params(tmp_path):
    with RawServer(tmp_path) as server:
        server.initialize()
        server.send(
            server.request(2, "textDocument/hover", {"textDocument": {"uri": 3}, "position": {"line": 0, "character": 0}}),
            server.request(3, "textDocument/completion", {"textDocument": {"uri": "file:///x.yaml"}}),
            server.request(4, "textDocument/definition", {"textDocument": {"uri": "https://example.com/x.yaml"}, "position": {"line": 0, "character": 0}}),
            server.request(5, "textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": -1, "character": 0}}),
        )
        for id in [2, 3, 4, 5]:
            assert server.answer(id)["error"]["code"] == INVALID_PARAMS, id
