import CYaml

/// Finds aliases used as mapping keys (`*k : ...`). Yams resolves an alias to the node it
/// stands for and keeps no trace of it, so libyaml's events are read directly: an alias event
/// in key position is what the composer would have hidden.
enum AliasKeys {
    /// The 1-based line and column of the first alias that stands as a mapping key, if any.
    /// `text` has already been composed without error, so parsing cannot fail here.
    static func first(in text: String) -> (line: Int, column: Int)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            // For each open collection: whether it is a mapping, and whether the next node is a key.
            var stack: [(isMapping: Bool, expectsKey: Bool)] = []
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let type = event.type
                if type == YAML_STREAM_END_EVENT { return nil }
                let isNode = type == YAML_ALIAS_EVENT || type == YAML_SCALAR_EVENT
                    || type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT
                if isNode {
                    if type == YAML_ALIAS_EVENT, stack.last?.isMapping == true, stack.last?.expectsKey == true {
                        return (Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1)
                    }
                    if let last = stack.indices.last, stack[last].isMapping { stack[last].expectsKey.toggle() }
                }
                if type == YAML_SEQUENCE_START_EVENT { stack.append((false, false)) }
                if type == YAML_MAPPING_START_EVENT { stack.append((true, true)) }
                if type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT { stack.removeLast() }
            }
        }
    }
}
