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
