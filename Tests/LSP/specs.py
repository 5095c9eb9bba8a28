"""The specs the end-to-end tests edit. Line numbers in the tests are 0-based, as LSP counts."""

COUNTER = """viewModel: CounterViewModel
parameters:
  start: { type: Int, doc: Where counting starts. }
state:
  count: { type: Int, initial: start, input: true, doc: The current count. }
derived:
  doubled: { type: Int, value: count * 2, doc: Twice the count. }
  label:
    type: String
    value: '"\\(doubled) €"'
commands:
  add:
    input: Int
    enabled: count < 100
    perform: count += input
"""

ROW = """viewModel: RowViewModel
events:
  picked: { type: Int, doc: The row was picked. }
"""

LIST = """viewModel: ListViewModel
state:
  ids: { type: "[Int]", initial: "[]", input: true }
children:
  rows:
    type: "[RowViewModel]"
    each: ids
    id: \\.self
    make: RowViewModel()
    on:
      picked: print(value)
"""
