/// A position in a spec file, as the compiler prints it: `path:line:column`.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The spec's path as it was given to the generator (relative paths stay relative).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars (as libyaml counts them).
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
