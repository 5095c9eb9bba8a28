import VMGenCore

/// What the member after a `.` in spec code stands for, when it is a case of a machine's type:
/// a state where the code compares with `state`, an event where it is sent.
enum MachineMemberContext: Equatable {
    case state
    case event

    /// The context of the word typed at `character` (UTF-16) of `line`, which follows a `.` with
    /// nothing before it (`.op‸`, not `x.op‸`); nil where it is no such member.
    init?(line: Substring, at character: Int) {
        let units = Array(line.utf16)
        var start = min(character, units.count)
        while start > 0, TextDocument.isWordUnit(units[start - 1]) { start -= 1 }
        guard start > 0, units[start - 1] == 0x2E else { return nil }  // .
        var end = min(character, units.count)
        while end < units.count, TextDocument.isWordUnit(units[end]) { end += 1 }
        let before = String(decoding: units[..<(start - 1)], as: UTF16.self)
        let after = String(decoding: units[end...], as: UTF16.self)
        let trimmed = before.trimmingSuffix(while: \.isWhitespace)
        // `x.y`: a member of something else.
        if let last = trimmed.last, last.isLetter || last.isNumber || last == "_" || last == ")" || last == "]" || last == "?" || last == "!",
           !Self.endsWithWord("case", trimmed) {
            return nil
        }
        let state = CheckedMachine.stateName
        if trimmed.hasSuffix(CheckedMachine.sendName + "(") {
            self = .event
        } else if Self.endsWithWord("case", trimmed) {
            // `if case .x = state`, `case .x:` under `switch state`.
            guard Self.containsWord(state, after) || before.contains("switch \(state)") else { return nil }
            self = .state
        } else if trimmed.hasSuffix("==") || trimmed.hasSuffix("!=") {
            guard Self.endsWithWord(state, String(trimmed.dropLast(2)).trimmingSuffix(while: \.isWhitespace)) else { return nil }
            self = .state
        } else {
            // `.x == state`
            let rest = after.drop { $0.isWhitespace || $0 == "(" || $0 == ")" || $0 == "\"" }
            guard rest.hasPrefix("==") || rest.hasPrefix("!=") else { return nil }
            guard Self.startsWithWord(state, String(rest.dropFirst(2)).drop(while: \.isWhitespace)) else { return nil }
            self = .state
        }
    }

    private static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "_"
    }

    private static func endsWithWord(_ word: String, _ text: String) -> Bool {
        text.hasSuffix(word) && !isWordCharacter(text.dropLast(word.count).last)
    }

    private static func startsWithWord(_ word: String, _ text: Substring) -> Bool {
        text.hasPrefix(word) && !isWordCharacter(text.dropFirst(word.count).first)
    }

    private static func containsWord(_ word: String, _ text: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.range(of: word) {
            let isWord = !isWordCharacter(rest[..<range.lowerBound].last) && !isWordCharacter(rest[range.upperBound...].first)
            if isWord { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }
}

private extension String {
    func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var text = self
        while let last = text.last, predicate(last) { text.removeLast() }
        return text
    }
}
