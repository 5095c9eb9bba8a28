#!/usr/bin/env python3
"""Writes a valid spec with one input and a chain of N derived values, each reading the one
before: the largest dependency graph a spec under the 1 MiB limit can hold (N = 20000 is
838 KB). Usage: python3 Fuzz/make-chain.py N > chain-N.vm.yaml"""
import sys

count = int(sys.argv[1])
print("viewModel: Chain")
print("state:")
print("  s0: { type: Int, initial: '0', input: true }")
print("derived:")
previous = "s0"
for index in range(1, count):
    print(f"  d{index}: {{ type: Int, value: {previous} + 1 }}")
    previous = f"d{index}"
