/// A position in a spec file, as the compiler prints it: `path:line:column`.
///
/// The column counts UTF-8 bytes from the start of the line, 1-based, as the compiler counts
/// them, so that an error vmgen reports and one the compiler reports for the same place show
/// the same column. Together with the line's text it converts exactly to other counts
/// (`column(in:counting:)`): characters, Unicode scalars (libyaml's count) or UTF-16 code
/// units (what editor protocols count).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The spec's path as it was given to the generator (relative paths stay relative).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in UTF-8 bytes.
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// The place just after `text`, the start of a file's text: its line, and its column in
    /// UTF-8 bytes.
    static func after(_ text: Substring, file: String) -> SourceLocation {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return SourceLocation(file: file, line: lines.count, column: (lines.last?.utf8.count ?? 0) + 1)
    }

    /// What a column counts.
    public enum ColumnUnit: Sendable {
        case utf8
        case utf16
        case unicodeScalar
        case character
    }

    /// This location's column counted in `unit`s of `lineText`, the text of its line (without
    /// the line end); nil when the column does not fall on the start of one (inside a
    /// multi-byte scalar or character). The column just after the line's end is valid.
    public func column(in lineText: Substring, counting unit: ColumnUnit) -> Int? {
        guard column >= 1 else { return nil }
        if unit == .utf8 { return column <= lineText.utf8.count + 1 ? column : nil }
        // Whole scalars, or whole characters, up to the column's byte.
        var bytes = 0
        var count = 0
        if unit == .character {
            for character in lineText where bytes < column - 1 {
                bytes += character.utf8.count
                count += 1
            }
        } else {
            for scalar in lineText.unicodeScalars where bytes < column - 1 {
                bytes += UTF8.width(scalar)
                count += unit == .utf16 ? UTF16.width(scalar) : 1
            }
        }
        return bytes == column - 1 ? count + 1 : nil
    }

    /// The UTF-8 column of the Unicode scalar at 1-based `scalarColumn` of `lineText` (libyaml
    /// counts scalars); past the line's end, one column per scalar beyond it.
    static func utf8Column(ofScalarColumn scalarColumn: Int, in lineText: Substring) -> Int {
        let scalars = lineText.unicodeScalars
        let inside = min(max(scalarColumn - 1, 0), scalars.count)
        let index = scalars.index(scalars.startIndex, offsetBy: inside)
        return lineText.utf8.distance(from: lineText.startIndex, to: index) + 1 + max(scalarColumn - 1 - inside, 0)
    }
}

/// A value read from a spec, with where it was written.
public struct Located<Value> {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Sendable where Value: Sendable {}
