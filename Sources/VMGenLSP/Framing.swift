import Foundation

/// The base protocol's framing: each message is `Content-Length: N\r\n` (other headers allowed),
/// a blank line, then N bytes of JSON. Bytes go in as they arrive; whole bodies come out.
///
/// A client's framing mistake costs at most the messages it touches: the next message is found
/// again at its `Content-Length` line. Such a line cannot be part of a JSON body (outside a
/// string the name is not JSON, and a string cannot hold a raw line break), so one inside a body
/// means that body's length was wrong, and one after bytes that are not headers ends the skip.
public struct MessageFramer: Sendable {
    /// The most a header block, or bytes without any `Content-Length` line, may take.
    static let maximumHeaderBytes = 8192
    /// The largest body accepted (64 MiB); a larger length is a framing error.
    static let maximumBodyBytes = 64 << 20

    private var buffer: [UInt8] = []
    /// The length of the body being read, once its header block has ended.
    private var bodyLength: Int?
    /// How far the body being read was searched for a `Content-Length` line.
    private var searched = 0

    public init() {}

    /// What the framer found in the bytes so far.
    public enum Frame: Equatable, Sendable {
        /// One message's body.
        case body(Data)
        /// Bytes that are not a message (a header block without a usable length, a body cut
        /// short by the next message's header, bytes between messages); they were skipped.
        case unreadable(String)
    }

    public mutating func append(_ bytes: Data) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil when more bytes are needed.
    public mutating func next() -> Frame? {
        if let bodyLength { return nextBody(length: bodyLength) }
        guard let header = Self.lengthLine(in: buffer[...], from: 0) else {
            guard buffer.count > Self.maximumHeaderBytes else { return nil }
            // Keep the tail, which may be the start of the next message's header.
            let skipped = buffer.count - 64
            buffer.removeFirst(skipped)
            return .unreadable("\(skipped) bytes without a Content-Length header were skipped")
        }
        if header.start > 0 && !Self.areHeaderLines(buffer[..<header.start]) {
            buffer.removeFirst(header.start)
            return .unreadable("\(header.start) bytes that are not a message were skipped")
        }
        guard let end = Self.blankLineEnd(in: buffer, from: header.end) else {
            guard buffer.count - header.end > Self.maximumHeaderBytes else { return nil }
            buffer.removeFirst(header.end)
            return .unreadable("no end of headers within \(Self.maximumHeaderBytes) bytes")
        }
        buffer.removeFirst(end)
        guard let length = header.length, length <= Self.maximumBodyBytes else {
            return .unreadable("a message without a valid Content-Length header")
        }
        bodyLength = length
        searched = 0
        return nextBody(length: length)
    }

    /// The body of `length` bytes once it is there; the message is cut short where a
    /// `Content-Length` line shows that the next one has begun.
    private mutating func nextBody(length: Int) -> Frame? {
        let available = min(length, buffer.count)
        if let header = Self.lengthLine(in: buffer[..<available], from: searched) {
            buffer.removeFirst(header.start)
            bodyLength = nil
            return .unreadable("a message shorter than its Content-Length (\(length) bytes): the next one began after \(header.start) bytes")
        }
        guard buffer.count >= length else {
            // The end may hold the start of a `Content-Length` line: searched again with what follows.
            searched = max(0, available - 80)
            return nil
        }
        let body = Data(buffer[..<length])
        buffer.removeFirst(length)
        bodyLength = nil
        return .body(body)
    }

    /// The first `Content-Length:` line at or after `from` (its name in any case, not necessarily
    /// at the start of a line): where it starts, where it ends (after its `\n`), and its length
    /// (nil when the value is not one). Its value runs to the line's end, without a `"`.
    static func lengthLine(in bytes: ArraySlice<UInt8>, from: Int) -> (start: Int, end: Int, length: Int?)? {
        let name = Array("content-length:".utf8)
        let lowercased = { (byte: UInt8) in (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        var start = bytes.startIndex + from
        while start + name.count <= bytes.endIndex {
            defer { start += 1 }
            guard lowercased(bytes[start]) == name[0],
                  zip(bytes[start..<(start + name.count)], name).allSatisfy({ lowercased($0) == $1 }) else { continue }
            let valueStart = start + name.count
            guard let newline = bytes[valueStart..<min(bytes.endIndex, valueStart + 64)].firstIndex(of: 0x0A),
                  !bytes[valueStart..<newline].contains(0x22) else { continue }
            let value = String(decoding: bytes[valueStart..<newline], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return (start, newline + 1, Int(value).flatMap { $0 >= 0 ? $0 : nil })
        }
        return nil
    }

    /// Where the blank line (`\r\n` or `\n`) that ends a header block ends, looking from `from`.
    static func blankLineEnd(in bytes: [UInt8], from: Int) -> Int? {
        var lineStart = from
        while let newline = bytes[lineStart...].firstIndex(of: 0x0A) {
            if newline == lineStart || (newline == lineStart + 1 && bytes[lineStart] == 0x0D) { return newline + 1 }
            lineStart = newline + 1
        }
        return nil
    }

    /// Whether `bytes` are whole header lines (`Name: value`), such as a `Content-Type` before
    /// the length, or line breaks alone: let go without a word.
    static func areHeaderLines(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.allSatisfy({ $0 == 0x0D || $0 == 0x0A }) { return true }
        guard bytes.last == 0x0A else { return false }
        return bytes.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false).allSatisfy { line in
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else { return false }
            return line[..<colon].allSatisfy { $0 == 0x2D || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & ~0x20) }
        }
    }

    /// `message` framed for sending.
    public static func frame(_ body: Data) -> Data {
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }
}
