"""A real editing session: open, edit, diagnostics, completion, hover, definition,
references, symbols, rename, code actions, the generated Swift, shutdown."""

import asyncio

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import WAIT, Specs, at
from specs import COUNTER, LIST, ROW


@pytest.fixture
def specs(client: LanguageClient, tmp_path):
    return Specs(client, tmp_path)


async def test_diagnostics_follow_edits(client: LanguageClient, specs: Specs):
    uri = specs.open("Counter.vm.yaml", COUNTER)
    assert await specs.diagnostics(uri) == []
    specs.change(uri, COUNTER.replace("count * 2", "cuont * 2"))
    (diagnostic,) = await specs.diagnostics(uri, until=lambda found: len(found) == 1)
    assert diagnostic.message == "`doubled` reads `cuont`, which the spec does not declare; did you mean `count`?"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range == types.Range(types.Position(6, 31), types.Position(6, 36))
    specs.change(uri, COUNTER)
    assert await specs.diagnostics(uri, until=lambda found: found == []) == []


async def test_warnings_and_notes(client: LanguageClient, specs: Specs):
    uri = specs.open("Cycle.vm.yaml", "viewModel: CycleViewModel\nderived:\n  a: { type: Int, value: b }\n  b: { type: Int, value: a }\n")
    (cycle,) = await specs.diagnostics(uri, until=lambda found: len(found) == 1)
    assert cycle.message.startswith("dependency cycle: a -> b -> a")
    assert [info.message for info in cycle.related_information] == ["`a` reads `b`", "`b` reads `a`"]
    assert [info.location.range.start.line for info in cycle.related_information] == [2, 3]
    specs.change(uri, "viewModel: CycleViewModel\nstate:\n  n: { type: Int, initial: \"0\" }\n")
    (warning,) = await specs.diagnostics(uri, until=lambda found: len(found) == 1)
    assert warning.severity == types.DiagnosticSeverity.Warning
    assert warning.message.startswith("state value `n` never changes")


async def test_parent_rechecked_when_child_changes(client: LanguageClient, specs: Specs):
    specs.write("Row.vm.yaml", ROW)
    parent = specs.open("List.vm.yaml", LIST)
    assert await specs.diagnostics(parent) == []
    child = specs.open("Row.vm.yaml", ROW)
    await specs.diagnostics(child)
    client.diagnostics.pop(parent, None)
    specs.change(child, ROW.replace("picked", "chosen"))
    (diagnostic,) = await specs.diagnostics(parent, until=lambda found: len(found) == 1)
    assert "has no event `picked`" in diagnostic.message
    # Closed without saving: the child is the file on disk again, which has `picked`.
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=child)))
    assert await specs.diagnostics(parent, until=lambda found: len(found) == 0) == []


async def test_completion_of_keys_and_names(client: LanguageClient, specs: Specs):
    uri = specs.open("Counter.vm.yaml", COUNTER + "\n")
    top = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(**at(uri, 16, 0))), WAIT)
    labels = {item.label: item for item in top.items}
    # Keys already written (`viewModel`, `commands`) are left out.
    assert {"reactions", "events", "resources"} <= labels.keys() and "viewModel" not in labels
    assert labels["resources"].documentation.startswith("Loaded values, each with")
    code = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(**at(uri, 14, 22))), WAIT)
    items = {item.label: item for item in code.items}
    assert {"count", "doubled", "start", "input"} <= items.keys()
    assert items["doubled"].detail == "derived value: Int"
    assert items["doubled"].documentation == "Twice the count."


async def test_completion_in_half_written_code(client: LanguageClient, specs: Specs):
    uri = specs.open("Counter.vm.yaml", COUNTER)
    await specs.diagnostics(uri)
    broken = COUNTER + "    onValue: {\n"
    specs.change(uri, broken)
    await specs.diagnostics(uri, until=lambda found: len(found) > 0)
    result = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(**at(uri, 14, 22))), WAIT)
    assert {"count", "doubled", "input"} <= {item.label for item in result.items}


async def test_hover(client: LanguageClient, specs: Specs):
    uri = specs.open("Counter.vm.yaml", COUNTER)
    hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(**at(uri, 6, 4))), WAIT)
    text = hover.contents.value
    assert "**derived value** `doubled`: `Int`" in text
    assert "Reads: `count`" in text and "Read by: `label`" in text and "Update order:" in text
    key = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(**at(uri, 13, 6))), WAIT)
    assert "A `Bool` expression" in key.contents.value


async def test_definition_and_references(client: LanguageClient, specs: Specs):
    uri = specs.open("Counter.vm.yaml", COUNTER)
    definition = await asyncio.wait_for(client.text_document_definition_async(types.DefinitionParams(**at(uri, 14, 15))), WAIT)
    assert [location.range.start for location in definition] == [types.Position(4, 2)]
    references = await asyncio.wait_for(
        client.text_document_references_async(
            types.ReferenceParams(**at(uri, 4, 3), context=types.ReferenceContext(include_declaration=True))
        ),
        WAIT,
    )
    assert sorted(location.range.start.line for location in references) == [4, 6, 13, 14]


async def test_references_across_specs(client: LanguageClient, specs: Specs):
    specs.write("List.vm.yaml", LIST)
    child = specs.open("Row.vm.yaml", ROW)
    references = await asyncio.wait_for(
        client.text_document_references_async(
            types.ReferenceParams(**at(child, 2, 3), context=types.ReferenceContext(include_declaration=True))
        ),
        WAIT,
    )
    assert {location.uri for location in references} == {child, specs.uri("List.vm.yaml")}


async def test_document_symbols(client: LanguageClient, specs: Specs):
    uri = specs.open("Counter.vm.yaml", COUNTER)
    symbols = await asyncio.wait_for(
        client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
        ),
        WAIT,
    )
    assert [symbol.name for symbol in symbols] == ["CounterViewModel", "parameters", "state", "derived", "commands"]
    assert [child.name for child in symbols[3].children] == ["doubled", "label"]


async def test_rename(client: LanguageClient, specs: Specs):
    uri = specs.open("Counter.vm.yaml", COUNTER)
    prepared = await asyncio.wait_for(client.text_document_prepare_rename_async(types.PrepareRenameParams(**at(uri, 14, 15))), WAIT)
    assert prepared.placeholder == "count"
    edit = await asyncio.wait_for(
        client.text_document_rename_async(types.RenameParams(**at(uri, 14, 15), new_name="total")), WAIT
    )
    assert sorted(e.range.start.line for e in edit.changes[uri]) == [4, 6, 13, 14]
    assert all(e.new_text == "total" for e in edit.changes[uri])
    # The generated names user code may call cannot be edited in Swift files: the client is told.
    async def warned():
        while not any("countProperty" in message.message for message in client.messages):
            await asyncio.sleep(0.01)

    await asyncio.wait_for(warned(), WAIT)


async def test_code_actions_for_did_you_mean_and_quote_it(client: LanguageClient, specs: Specs):
    text = "viewModel: BadViewModel\nstate:\n  flag: { type: Bool, intial: \"true\" }\n"
    uri = specs.open("Bad.vm.yaml", text)
    (diagnostic,) = await specs.diagnostics(uri, until=lambda found: len(found) == 1)
    actions = await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        ),
        WAIT,
    )
    (edit,) = actions[0].edit.changes[uri]
    assert edit.new_text == "initial" and edit.range == types.Range(types.Position(2, 22), types.Position(2, 28))
    quoted = "viewModel: QViewModel\nderived:\n  text:\n    type: String\n    value: 1 > 0 ? \"a\" : \"b\"\n"
    specs.change(uri, quoted)
    (diagnostic,) = await specs.diagnostics(uri, until=lambda found: len(found) == 1 and "quoted" in found[0].message)
    actions = await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        ),
        WAIT,
    )
    (edit,) = actions[0].edit.changes[uri]
    assert edit.new_text == "'1 > 0 ? \"a\" : \"b\"'"


async def test_show_generated_swift(client: LanguageClient, specs: Specs):
    uri = specs.open("Counter.vm.yaml", COUNTER)
    source = await asyncio.wait_for(
        client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="vmgen.showGeneratedSwift", arguments=[uri])
        ),
        WAIT,
    )
    assert "final class CounterViewModel" in source


async def test_burst_of_200_edits_ends_with_the_final_diagnostics(client: LanguageClient, specs: Specs):
    uri = specs.open("Counter.vm.yaml", COUNTER)
    await specs.diagnostics(uri)
    for index in range(200):
        text = COUNTER.replace("count * 2", f"count * {index}") if index % 2 else COUNTER.replace("count * 2", "nope")
        specs.change(uri, text, forget=False)
    # The last edit (index 199) is clean: its empty list must arrive, whatever came before.
    assert await specs.diagnostics(uri, until=lambda found: found == []) == []
    hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(**at(uri, 6, 4))), WAIT)
    assert "count * 199" not in hover.contents.value and "`doubled`" in hover.contents.value
