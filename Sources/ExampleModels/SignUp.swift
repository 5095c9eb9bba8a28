import Reactive

/// Creates accounts.
public protocol Registering: Sendable {
    func signUp(email: String, password: String) -> SignalProducer<Void, LoginError>
}
