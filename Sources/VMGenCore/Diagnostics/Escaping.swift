/// Writes control characters the way Swift escapes them, for diagnostics that must stay on
/// one line and for string literals in generated code.
enum Escaping {
    /// `text` with `\n`, `\t`, `\r` and other control characters written as escapes, and each
    /// scalar in `extra` replaced by its given text.
    static func controlCharacters(in text: String, also extra: [Unicode.Scalar: String] = [:]) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let replacement = extra[scalar] {
                result += replacement
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
