import Reactive

/// What the sign-up wizard (`Specs/SignUpWizard.vm.yaml`) sends once its pages are filled in.
public struct NewAccount: Equatable, Sendable {
    public var email: String
    public var password: String
    public var name: String

    public init(email: String, password: String, name: String) {
        self.email = email
        self.password = password
        self.name = name
    }
}

/// Creates accounts from the wizard's pages.
public protocol AccountCreating: Sendable {
    func createAccount(_ account: NewAccount) -> SignalProducer<Void, LoginError>
}

/// An ``AccountCreating`` that forwards each call to a closure: a test passes a fake's
/// (`FakeProducer<NewAccount, Void, LoginError>().closure`), an app its service's method.
public struct AccountCreator: AccountCreating {
    private let create: @Sendable (NewAccount) -> SignalProducer<Void, LoginError>

    public init(_ create: @escaping @Sendable (NewAccount) -> SignalProducer<Void, LoginError>) {
        self.create = create
    }

    public func createAccount(_ account: NewAccount) -> SignalProducer<Void, LoginError> {
        create(account)
    }
}
