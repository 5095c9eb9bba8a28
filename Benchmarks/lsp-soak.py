#!/usr/bin/env python3
"""A bounded random-edit soak of `vmgen lsp` (issue 29), run by hand, not in CI.

Starts the server, opens a spec and, for --minutes (default 10), sends random edits (some
break the YAML or the code, most keep it valid), with completion, hover, references and symbol
requests between them. It samples the server's resident memory every --sample seconds and fails
when memory keeps growing: the last quarter's median must stay within --tolerance (default
15%) of the median of the second quarter (after warm-up). It also fails when a request goes
unanswered for 30 s or the server exits.

    swift build --product vmgen
    python3 Benchmarks/lsp-soak.py --minutes 10 [--binary .build/debug/vmgen] [--seed 1]

Only stdin and stdout pipes to a local child process: no network.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BASE = """viewModel: SoakViewModel
parameters:
  start: { type: Int, doc: Where counting starts. }
state:
  count: { type: Int, initial: start, input: true, doc: The current count. }
  name: { type: String, initial: '""', input: true }
derived:
  doubled: { type: Int, value: count * 2, doc: Twice the count. }
  label:
    type: String
    value: '"\\(name): \\(doubled)"'
commands:
  add:
    input: Int
    enabled: count < 100
    perform: count += input
events:
  changed: { type: Int }
"""


class Client:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.responses = {}
        self.condition = threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
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
                    length = int(value)
            message = json.loads(stream.read(length))
            if "id" in message and "method" not in message:
                with self.condition:
                    self.responses[message["id"]] = message
                    self.condition.notify_all()

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, id, method, params):
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        deadline = time.monotonic() + 30
        with self.condition:
            while id not in self.responses:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.process.poll() is not None:
                    raise SystemExit(f"FAIL: no answer to {method} (request {id}); server status {self.process.poll()}")
                self.condition.wait(remaining)
            return self.responses.pop(id)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def rss_kib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def mutate(text, rng):
    """A random edit: mostly small and valid, sometimes breaking the YAML or the code."""
    choice = rng.random()
    if choice < 0.5:
        return BASE.replace("count * 2", f"count * {rng.randint(1, 99)}")
    if choice < 0.7:
        position = rng.randrange(len(text))
        return text[:position] + rng.choice(["x", ":", "{", " ", "\n", "é", "😀", "'"]) + text[position:]
    if choice < 0.85:
        position = rng.randrange(len(text))
        return text[:position] + text[position + rng.randint(1, 5):]
    return BASE


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "vmgen"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample", type=float, default=5, help="seconds between memory samples")
    parser.add_argument("--tolerance", type=float, default=0.15)
    arguments = parser.parse_args()

    rng = random.Random(arguments.seed)
    client = Client(arguments.binary)
    folder = f"/tmp/vmgen-lsp-soak-{os.getpid()}"
    os.makedirs(folder, exist_ok=True)
    uri = f"file://{folder}/Soak.vm.yaml"
    client.request(0, "initialize", {"capabilities": {}, "rootUri": f"file://{folder}"})
    client.notify("initialized", {})
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": BASE}})

    text, version, id = BASE, 1, 1
    samples = []
    end = time.monotonic() + arguments.minutes * 60
    next_sample = time.monotonic()
    edits = requests = 0
    while time.monotonic() < end:
        text = mutate(text, rng)
        version += 1
        edits += 1
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})
        if rng.random() < 0.3:
            id += 1
            requests += 1
            line = rng.randrange(text.count("\n") + 1)
            method = rng.choice(["textDocument/completion", "textDocument/hover", "textDocument/references", "textDocument/documentSymbol", "textDocument/definition"])
            client.request(id, method, {"textDocument": {"uri": uri}, "position": {"line": line, "character": rng.randrange(40)}, "context": {"includeDeclaration": True}})
        if time.monotonic() >= next_sample:
            samples.append(client.rss_kib())
            next_sample += arguments.sample
        time.sleep(0.002)

    id += 1
    client.request(id, "shutdown", None)
    client.notify("exit", None)
    status = client.process.wait(timeout=30)
    print(f"# {edits} edits, {requests} requests in {arguments.minutes} min; exit status {status}")
    print(f"# resident memory (KiB), every {arguments.sample} s: {samples}")
    if len(samples) < 8:
        raise SystemExit("FAIL: too few samples; run longer")
    quarter = len(samples) // 4
    settled = statistics.median(samples[quarter:2 * quarter])
    last = statistics.median(samples[3 * quarter:])
    growth = (last - settled) / settled
    print(f"memory: {settled} KiB after warm-up, {last} KiB at the end ({growth:+.1%})")
    if status != 0 or growth > arguments.tolerance:
        raise SystemExit(f"FAIL: {'exit status ' + str(status) if status else 'memory grew'}")
    print("PASS")


if __name__ == "__main__":
    main()
