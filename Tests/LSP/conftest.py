"""A real LSP client (pytest-lsp) driving the built `vmgen lsp` binary.

The binary is `.build/debug/vmgen` unless VMGEN_BINARY names another. Every wait is bounded
(`WAIT` seconds): a server that hangs fails the test, it never stalls the run.
"""

import asyncio
import os
import pathlib

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("VMGEN_BINARY", str(ROOT / ".build" / "debug" / "vmgen"))
WAIT = 10.0


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def client(lsp_client: LanguageClient):
    params = types.InitializeParams(capabilities=pytest_lsp.client_capabilities("visual-studio-code"))
    result = await asyncio.wait_for(lsp_client.initialize_session(params), WAIT)
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf16
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), WAIT)


class Specs:
    """Spec files in a temporary folder, opened and edited through the client."""

    def __init__(self, client: LanguageClient, folder: pathlib.Path):
        self.client = client
        self.folder = folder
        self.versions: dict[str, int] = {}

    def uri(self, name: str) -> str:
        return (self.folder / name).as_uri()

    def write(self, name: str, text: str) -> str:
        (self.folder / name).write_text(text, encoding="utf-8")
        return self.uri(name)

    def open(self, name: str, text: str) -> str:
        uri = self.write(name, text)
        self.versions[uri] = 1
        self.client.diagnostics.pop(uri, None)
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)
            )
        )
        return uri

    def change(self, uri: str, text: str, forget: bool = True) -> None:
        self.versions[uri] += 1
        if forget:
            self.client.diagnostics.pop(uri, None)
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

    async def diagnostics(self, uri: str, until=lambda diagnostics: True, wait: float = WAIT):
        """The diagnostics published for `uri` once `until` holds of them, waiting at most `wait` seconds."""

        async def poll():
            while True:
                found = self.client.diagnostics.get(uri)
                if found is not None and until(list(found)):
                    return list(found)
                await asyncio.sleep(0.01)

        return await asyncio.wait_for(poll(), wait)


def at(uri: str, line: int, character: int) -> dict:
    return {
        "text_document": types.TextDocumentIdentifier(uri=uri),
        "position": types.Position(line=line, character=character),
    }
