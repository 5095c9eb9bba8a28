import Reactive

/// What a sign-up sends.
public struct Registration: Equatable, Sendable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// Creates accounts.
public protocol Registering: Sendable {
    func signUp(email: String, password: String) -> SignalProducer<Void, LoginError>
}

/// A registrar for tests: records each sign-up and answers when the test says so.
public final class InMemoryRegistrar: Registering {
    public let requests = RequestLog<Registration, Void, LoginError>()

    public init() {}

    public func signUp(email: String, password: String) -> SignalProducer<Void, LoginError> {
        requests.producer(for: Registration(email: email, password: password))
    }
}
