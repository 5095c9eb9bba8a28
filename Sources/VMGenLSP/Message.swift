import Foundation

/// A JSON-RPC 2.0 request id: a number or a string (LSP allows both), or null, which JSON-RPC
/// allows and discourages: a request with a null id is still answered, with `"id": null`.
public enum RequestID: Codable, Hashable, Sendable {
    case int(Int)
    case string(String)
    case null

    /// Read as any JSON value is (`JSONValue`), then only the three kinds an id may be.
    public init(from decoder: any Decoder) throws {
        switch try JSONValue(from: decoder) {
        case .null: self = .null
        case .int(let value): self = .int(value)
        case .string(let value): self = .string(value)
        default: throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an id is a number, a string or null"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .int(let value): try JSONValue.int(value).encode(to: encoder)
        case .string(let value): try JSONValue.string(value).encode(to: encoder)
        case .null: try JSONValue.null.encode(to: encoder)
        }
    }
}

/// A message from the client: a request (with `id`), a notification (without), or a response to
/// a request the server sent (with `id`, no `method`, and `result` or `error`; the server ignores it).
public struct IncomingMessage: Decodable, Sendable {
    public var id: RequestID?
    public var method: String?
    public var params: JSONValue?

    public var isRequest: Bool { id != nil && method != nil }

    /// Decodes a message body; a body that is not a JSON object with a `method`, or an `id` and a
    /// `result` or `error`, is invalid.
    public static func decode(_ body: Data) throws(MessageError) -> IncomingMessage {
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: body)
        } catch {
            throw MessageError(.parseError, "the message is not JSON")
        }
        guard case .object(let members) = value else {
            throw MessageError(.invalidRequest, "a message must be a JSON object")
        }
        var id: RequestID?
        switch members["id"] {
        case .int(let number)?: id = .int(number)
        case .string(let text)?: id = .string(text)
        case .null?: id = .null
        case nil: id = nil
        default: throw MessageError(.invalidRequest, "`id` must be a number, a string or null")
        }
        var method: String?
        switch members["method"] {
        case .string(let name)?: method = name
        case nil: method = nil
        default: throw MessageError(.invalidRequest, "`method` must be a string", id: id)
        }
        guard method != nil || id != nil else { throw MessageError(.invalidRequest, "a message needs a `method` or an `id`") }
        guard method != nil || members["result"] != nil || members["error"] != nil else {
            throw MessageError(.invalidRequest, "a message with an `id` needs a `method` (a request) or a `result` or `error` (a response)", id: id)
        }
        return IncomingMessage(id: id, method: method, params: members["params"])
    }

    /// The params decoded as `T`; a mismatch is the client's error (-32602).
    public func params<T: Decodable>(as type: T.Type) throws(MessageError) -> T {
        do {
            let data = try JSONEncoder().encode(params ?? .object([:]))
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw MessageError(.invalidParams, "invalid params for \(method ?? "the request"): \(Self.describe(error))", id: id)
        }
    }

    /// What `feature` answers to the params (read as its argument); `null` where it has no answer.
    func answer<Params: Decodable, Result: Encodable & Sendable>(_ feature: (Params) throws -> Result?) throws -> Payload {
        try feature(params(as: Params.self)).map { Payload($0) } ?? .null
    }

    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "missing `\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))`"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            return "wrong value at `\(context.codingPath.map(\.stringValue).joined(separator: "."))`"
        default:
            return "cannot be read"
        }
    }
}

/// JSON-RPC and LSP error codes the server answers with.
public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
}

/// A request the server rejects, with the code and message of its error response.
public struct MessageError: Error, Sendable {
    public var code: ErrorCode
    public var message: String
    /// The request's id, when it could be read.
    public var id: RequestID?

    public init(_ code: ErrorCode, _ message: String, id: RequestID? = nil) {
        self.code = code
        self.message = message
        self.id = id
    }
}

/// Any of the protocol's values, encoded once when the message is written (no round trip
/// through `JSONValue`).
public struct Payload: Encodable, Sendable {
    public let value: any Encodable & Sendable

    public init(_ value: any Encodable & Sendable) {
        self.value = value
    }

    public static let null = Payload(JSONValue.null)

    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

/// What the server sends: a response (result or error) or a notification.
public enum OutgoingMessage: Encodable, Sendable {
    case result(id: RequestID?, Payload)
    case error(id: RequestID?, code: ErrorCode, message: String)
    case notification(method: String, params: Payload)

    private enum Keys: String, CodingKey { case jsonrpc, id, result, error, method, params, code, message }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        switch self {
        case .result(let id, let result):
            try container.encode(id, forKey: .id)
            try container.encode(result, forKey: .result)
        case .error(let id, let code, let message):
            // A response to a message whose id could not be read carries `"id": null`.
            try container.encode(id, forKey: .id)
            var error = container.nestedContainer(keyedBy: Keys.self, forKey: .error)
            try error.encode(code.rawValue, forKey: .code)
            try error.encode(message, forKey: .message)
        case .notification(let method, let params):
            try container.encode(method, forKey: .method)
            try container.encode(params, forKey: .params)
        }
    }
}

extension JSONValue {
    /// Any `Encodable` as a JSON value (`null` when it cannot be encoded, which our types never are).
    public init(encoding value: some Encodable) {
        guard let data = try? JSONEncoder().encode(value),
              let decoded = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            self = .null
            return
        }
        self = decoded
    }
}
