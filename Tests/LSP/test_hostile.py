"""Hostile clients, speaking raw bytes to `vmgen lsp`: malformed JSON, unknown methods,
requests before initialize, bad params, out-of-range positions, a 1 MiB document. Each
request must be answered (or rejected per the protocol), the server must not crash, and
every read is bounded in time."""

import json
import subprocess
import threading
import time

import pytest

from conftest import BINARY
from specs import COUNTER

DEADLINE = 20.0


class RawClient:
    def __init__(self):
        self.process = subprocess.Popen([BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.messages: list[dict] = []
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value.strip())
            body = stream.read(length)
            with self.lock:
                self.messages.append(json.loads(body))

    def send_bytes(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict | str):
        body = message if isinstance(message, str) else json.dumps(message)
        data = body.encode()
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(data) + data)

    def request(self, id, method, params=None):
        message = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def response(self, id, deadline=DEADLINE):
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            with self.lock:
                for message in self.messages:
                    if message.get("id") == id and "method" not in message:
                        return message
            assert self.process.poll() is None, f"the server exited with {self.process.returncode}"
            time.sleep(0.01)
        raise AssertionError(f"no response to request {id} within {deadline} s")

    def close(self):
        try:
            self.request("shutdown-id", "shutdown")
            self.response("shutdown-id")
            self.send({"jsonrpc": "2.0", "method": "exit"})
            return self.process.wait(timeout=DEADLINE)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(timeout=DEADLINE)


@pytest.fixture
def raw():
    client = RawClient()
    yield client
    if client.process.poll() is None:
        client.process.kill()
        client.process.wait(timeout=DEADLINE)


def initialize(raw: RawClient):
    raw.request(0, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    assert "result" in raw.response(0)
    raw.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})


def test_request_before_initialize_is_rejected(raw):
    raw.request(1, "textDocument/hover", {})
    assert raw.response(1)["error"]["code"] == -32002
    initialize(raw)
    assert raw.close() == 0


def test_malformed_json_gets_a_parse_error_and_the_server_goes_on(raw):
    initialize(raw)
    raw.send('{"jsonrpc": "2.0", "id": 5, "method": ')
    raw.send("\x00\xff not json")
    raw.send_bytes(b"Garbage-Header: yes\r\n\r\n")
    raw.request(2, "shutdown")
    assert raw.response(2)["result"] is None
    with raw.lock:
        errors = [m for m in raw.messages if "error" in m and m.get("id") is None]
    assert len(errors) == 3 and {e["error"]["code"] for e in errors} == {-32700}
    raw.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw.process.wait(timeout=DEADLINE) == 0


BAD_FRAMINGS = {
    "length 3 too short": lambda body: b"Content-Length: %d\r\n\r\n" % (len(body) - 3) + body,
    "length 3 too long": lambda body: b"Content-Length: %d\r\n\r\n" % (len(body) + 3) + body,
    "no Content-Length": lambda body: b"X-Foo: 1\r\n\r\n" + body,
    "\\n\\n after the headers": lambda body: b"Content-Length: %d\n\n" % len(body) + body,
    "huge length": lambda body: b"Content-Length: 100000000\r\n\r\n" + body,
    "large length": lambda body: b"Content-Length: 50000000\r\n\r\n" + body,
}


@pytest.mark.parametrize("framing", list(BAD_FRAMINGS))
def test_a_badly_framed_message_costs_at_most_the_next_one(raw, framing):
    initialize(raw)
    raw.send_bytes(BAD_FRAMINGS[framing](json.dumps({"jsonrpc": "2.0", "id": 50, "method": "vmgen/x"}).encode()))
    for id in (51, 52):
        raw.request(id, "vmgen/probe")
    assert raw.response(52)["error"]["code"] == -32601
    assert raw.close() == 0


def test_unknown_methods_and_bad_params(raw):
    initialize(raw)
    raw.request(3, "textDocument/nothingLikeThis", {})
    assert raw.response(3)["error"]["code"] == -32601
    raw.send({"jsonrpc": "2.0", "method": "vmgen/unknownNotification", "params": {}})
    raw.request(4, "textDocument/hover", {"textDocument": 17})
    assert raw.response(4)["error"]["code"] == -32602
    raw.request(5, "textDocument/completion", [1, 2, 3])
    assert raw.response(5)["error"]["code"] == -32602
    raw.request("six", "initialize", {"capabilities": {}})
    assert raw.response("six")["error"]["code"] == -32600
    assert raw.close() == 0


def test_out_of_range_positions_answer_empty(raw):
    initialize(raw)
    uri = "file:///tmp/vmgen-lsp-hostile/Counter.vm.yaml"
    raw.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": COUNTER}}})
    for id, (line, character) in enumerate([(9999, 0), (0, 9999), (-3, -7), (6, 2**31)], start=10):
        for method in ("textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references", "textDocument/prepareRename"):
            request_id = f"{id}-{method}"
            raw.request(request_id, method, {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}, "context": {"includeDeclaration": True}})
            response = raw.response(request_id)
            assert "error" not in response, response
    raw.request(30, "textDocument/hover", {"textDocument": {"uri": "file:///never/opened.vm.yaml"}, "position": {"line": 0, "character": 0}})
    assert raw.response(30)["result"] is None
    assert raw.close() == 0


def test_a_one_mebibyte_document(raw):
    initialize(raw)
    uri = "file:///tmp/vmgen-lsp-hostile/Big.vm.yaml"
    lines = ["viewModel: BigViewModel", "state:"]
    index = 0
    while sum(len(line) + 1 for line in lines) < 1 << 20:
        lines.append(f"  value{index}: {{ type: Int, initial: \"{index}\", doc: {'padding ' * 8}}}")
        index += 1
    text = "\n".join(lines) + "\n"
    assert len(text.encode()) >= 1 << 20
    raw.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    raw.request(40, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert isinstance(raw.response(40, deadline=60)["result"], list)
    raw.request(41, "textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 40}})
    assert "result" in raw.response(41, deadline=60)
    assert raw.close() == 0


def test_end_of_input_without_exit_ends_the_server(raw):
    initialize(raw)
    raw.process.stdin.close()
    assert raw.process.wait(timeout=DEADLINE) == 1
