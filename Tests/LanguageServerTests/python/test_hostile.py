"""Hostile input to the built server over raw pipes: random frames and bodies, random edits,
a 50 MB document, 10,000 changes. Each ends with the server answering and exiting cleanly."""

import json
import os
import queue
import random
import subprocess
import threading
import time

from lspsupport import BINARY

SPEC = "version: 1\nplatform: ios\nscreen: Upload 😀\nindicators:\n  - id: up\n    style: spinner\n    label: 上传…\n    duration: 30s\n"


class RawServer:
    """The server on pipes, with a thread reading its frames."""

    def __init__(self, cwd):
        self.process = subprocess.Popen([BINARY, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, cwd=cwd)
        self.messages = queue.Queue()
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

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
                name, _, value = line.decode("ascii", "replace").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            body = stream.read(length)
            self.messages.put(json.loads(body))

    def raw(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_for(self, predicate, timeout=30.0):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, "the server did not answer in time"
            message = self.messages.get(timeout=left)
            if predicate(message):
                return message

    def response(self, id, timeout=30.0):
        return self.wait_for(lambda m: m.get("id") == id and "method" not in m, timeout)

    def initialize(self, encodings=None, root=None):
        capabilities = {"general": {"positionEncodings": encodings}} if encodings else {}
        result = self.response(self.request("initialize", {
            "processId": None, "capabilities": capabilities,
            "rootUri": root, "initializationOptions": {"workspaceDiagnostics": False}}))
        self.notify("initialized", {})
        return result

    def finish(self):
        assert "result" in self.response(self.request("shutdown", None))
        self.notify("exit", None)
        assert self.process.wait(timeout=30) == 0

    def rss_kb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def cli_json_stdin(text, path, cwd, encoding):
    unit = {"utf-8": "byte", "utf-16": "utf16", "utf-32": "char"}[encoding]
    run = subprocess.run([BINARY, "--format", "json", "--column-unit", unit, "--stdin", "--stdin-filename",
                          path.name], input=text.encode("utf-8"), capture_output=True, cwd=cwd, timeout=60)
    return sorted((d["rule"], d["message"], d["line"] - 1, d["column"] - 1) for d in json.loads(run.stdout)["diagnostics"])


def random_json(rng, depth=0):
    choice = rng.randrange(8 if depth < 4 else 5)
    if choice == 0:
        return None
    if choice == 1:
        return rng.random() < 0.5
    if choice == 2:
        return rng.choice([0, -1, 2**53, 1e308, -0.5, 2**31])
    if choice == 3:
        return "".join(rng.choice(["a", "😀", "\u0301", "上", "\t", "\n", "\\", '"']) for _ in range(rng.randrange(6)))
    if choice == 4:
        # Not shutdown or exit: the server must still serve after the noise.
        return rng.choice(["textDocument/hover", "initialize", "textDocument/didChange", "$/cancelRequest", "initialized"])
    if choice in (5, 6):
        return {rng.choice(["id", "method", "params", "textDocument", "uri", "position", "range", "contentChanges",
                            "line", "character", "text", "version"]): random_json(rng, depth + 1)
                for _ in range(rng.randrange(5))}
    return [random_json(rng, depth + 1) for _ in range(rng.randrange(4))]


def test_random_frames_and_bodies_are_skipped_and_the_server_answers_after_them(tmp_path):
    rng = random.Random(21)
    server = RawServer(tmp_path)
    server.initialize()
    uri = (tmp_path / "a.yaml").as_uri()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": SPEC}})
    for _ in range(600):
        kind = rng.randrange(6)
        if kind == 0:
            server.raw(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))))
            # Resynchronise: what follows a header without its end is read as its continuation.
            server.raw(b"\r\n\r\n")
        elif kind == 1:
            body = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
            server.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        elif kind == 2:
            server.send(random_json(rng))
        elif kind == 3:
            message = {"jsonrpc": "2.0", "method": random_json(rng, 4), "params": random_json(rng)}
            if rng.random() < 0.5:
                message["id"] = random_json(rng, 4)
            server.send(message)
        elif kind == 4:
            server.request(rng.choice(["textDocument/hover", "textDocument/codeAction", "textDocument/completion",
                                       "textDocument/diagnostic"]), random_json(rng))
        else:
            server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": rng.randrange(-5, 50)},
                                                      "contentChanges": [random_json(rng)]})
    server.raw(b"\r\n\r\n")
    hover = server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 1}})
    assert "result" in server.response(hover)
    server.finish()


def test_random_edits_never_crash_and_the_last_full_text_is_linted(tmp_path):
    rng = random.Random(2126)
    for encoding in ("utf-8", "utf-16", "utf-32"):
        server = RawServer(tmp_path)
        assert server.initialize([encoding])["result"]["capabilities"]["positionEncoding"] == encoding
        uri = (tmp_path / "edits.yaml").as_uri()
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": SPEC}})
        version = 1
        for _ in range(400):
            version += rng.choice([1, 1, 1, 0, -3])
            position = lambda: {"line": rng.choice([0, 1, 3, 7, 99, -1]), "character": rng.choice([0, 1, 2, 5, 80, -2])}
            text = "".join(rng.choice(["😀", "上", "e\u0301", "\t", "\r\n", "\r", "\ufeff", "a: [", "\udc80", "x"])
                           for _ in range(rng.randrange(4)))
            server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                      "contentChanges": [{"range": {"start": position(), "end": position()},
                                                                          "text": text}]})
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 10_000},
                                                  "contentChanges": [{"text": SPEC}]})
        pulled = server.response(server.request("textDocument/diagnostic", {"textDocument": {"uri": uri}}))
        # The client did not announce pulling, but the request is answered: with what the command
        # reports for the text the editor ended with.
        want = cli_json_stdin(SPEC, tmp_path / "edits.yaml", tmp_path, encoding)
        got = sorted((d["code"], d["message"], d["range"]["start"]["line"], d["range"]["start"]["character"])
                     for d in pulled["result"]["items"])
        assert got == want
        server.finish()


def test_a_50_MB_document_gets_the_size_diagnostic(tmp_path):
    server = RawServer(tmp_path)
    server.initialize()
    uri = (tmp_path / "big.yaml").as_uri()
    text = SPEC + ("# " + "x" * 98 + "\n") * (50 * 1024 * 1024 // 100)
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
    published = server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics", timeout=120)
    assert [d["code"] for d in published["params"]["diagnostics"]] == ["yaml-syntax"]
    assert "max-file-size" in published["params"]["diagnostics"][0]["message"]
    server.finish()


def test_ten_thousand_changes_leave_memory_flat(tmp_path):
    server = RawServer(tmp_path)
    server.initialize()
    uri = (tmp_path / "many.yaml").as_uri()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": SPEC}})
    server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    rss = []
    for version in range(2, 10_002):
        text = SPEC.replace("30s", f"{version % 90}s")
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                  "contentChanges": [{"text": text}]})
        if version % 2000 == 1:
            server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["version"] == version)
            rss.append(server.rss_kb())
    assert len(rss) == 5
    # After the first thousands, no growth beyond noise (8 MB).
    assert rss[-1] - rss[1] < 8 * 1024, rss
    server.finish()
