import Foundation

/// The base protocol's framing: each message is `Content-Length: N\r\n` (other headers allowed),
/// a blank line, then N bytes of JSON. Bytes go in as they arrive; whole bodies come out.
public struct MessageFramer: Sendable {
    /// The most a header block may take before it is judged garbage.
    static let maximumHeaderBytes = 8192
    /// The largest body accepted (64 MiB); a larger length is a framing error.
    static let maximumBodyBytes = 64 << 20

    private var buffer = Data()

    public init() {}

    /// What the framer found in the bytes so far.
    public enum Frame: Equatable, Sendable {
        /// One message's body.
        case body(Data)
        /// A header block without a usable `Content-Length`; its bytes were skipped.
        case badHeader(String)
    }

    public mutating func append(_ bytes: Data) {
        buffer.append(bytes)
    }

    /// The next complete frame, or nil when more bytes are needed.
    public mutating func next() -> Frame? {
        let separator = Data("\r\n\r\n".utf8)
        guard let end = buffer.range(of: separator) else {
            if buffer.count > Self.maximumHeaderBytes {
                buffer.removeAll()
                return .badHeader("no end of headers within \(Self.maximumHeaderBytes) bytes")
            }
            return nil
        }
        let headerText = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        var length: Int?
        for line in headerText.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0, length <= Self.maximumBodyBytes else {
            buffer.removeSubrange(buffer.startIndex..<end.upperBound)
            return .badHeader("a message without a valid Content-Length header")
        }
        let bodyStart = end.upperBound
        guard buffer.distance(from: bodyStart, to: buffer.endIndex) >= length else { return nil }
        let bodyEnd = buffer.index(bodyStart, offsetBy: length)
        let body = Data(buffer[bodyStart..<bodyEnd])
        buffer.removeSubrange(buffer.startIndex..<bodyEnd)
        return .body(body)
    }

    /// `message` framed for sending.
    public static func frame(_ body: Data) -> Data {
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }
}
