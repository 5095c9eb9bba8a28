// The reactive runtime. See docs/runtime.md.
