import Reactive

/// Why logging in failed, in words for the login form.
public struct LoginError: Error, Equatable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}

/// The user name (for a sign-up, the email) and password a login or sign-up attempt sends.
public struct Credentials: Equatable, Sendable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// Checks credentials.
public protocol Authenticating: Sendable {
    func logIn(username: String, password: String) -> SignalProducer<Void, LoginError>
}
