import Reactive

/// One request an in-memory service received. The test answers it when it chooses, so the
/// states in between (executing, loading) can be observed.
public final class PendingRequest<Argument: Sendable, Value: Sendable, Failure: Error>: Sendable {
    /// What the request asked for.
    public let argument: Argument
    private let observer: Signal<Value, Failure>.Observer
    private let state = Locked(State.waiting)

    fileprivate enum State { case waiting, answered, cancelled }

    init(argument: Argument, observer: Signal<Value, Failure>.Observer) {
        self.argument = argument
        self.observer = observer
    }

    /// Whether the caller stopped listening before the test answered.
    public var isCancelled: Bool { state.withLock { $0 == .cancelled } }

    /// Whether the request is still waiting for an answer.
    public var isWaiting: Bool { state.withLock { $0 == .waiting } }

    /// Sends one value without finishing the request.
    public func send(_ value: Value) {
        observer.send(value: value)
    }

    /// Sends `value`, then completes.
    public func succeed(with value: Value) {
        observer.send(value: value)
        complete()
    }

    /// Completes without (further) values.
    public func complete() {
        finish(.answered)
        observer.sendCompleted()
    }

    /// Fails the request with `error`.
    public func fail(with error: Failure) {
        finish(.answered)
        observer.send(error: error)
    }

    fileprivate func finish(_ end: State) {
        state.withLock { if $0 == .waiting { $0 = end } }
    }
}

/// The requests an in-memory service received, oldest first. Each call of the service starts
/// a producer that records a `PendingRequest` and waits for the test's answer.
public final class RequestLog<Argument: Sendable, Value: Sendable, Failure: Error>: Sendable {
    private let requests = Locked<[PendingRequest<Argument, Value, Failure>]>([])

    public init() {}

    /// Every request, oldest first.
    public var all: [PendingRequest<Argument, Value, Failure>] { requests.withLock { $0 } }

    /// What each request asked for, oldest first.
    public var arguments: [Argument] { all.map(\.argument) }

    /// How many requests were made.
    public var count: Int { requests.withLock { $0.count } }

    /// The newest request.
    public var last: PendingRequest<Argument, Value, Failure>? { requests.withLock { $0.last } }

    /// A producer that records a request for `argument` each time it is started.
    public func producer(for argument: Argument) -> SignalProducer<Value, Failure> {
        SignalProducer { observer, lifetime in
            let request = PendingRequest(argument: argument, observer: observer)
            self.requests.withLock { $0.append(request) }
            lifetime.observeEnded { request.finish(.cancelled) }
        }
    }
}

// MARK: - The fakes of the examples' services

/// A computation for tests: records each start and answers when the test says so.
public final class InMemoryComputation: Computing {
    public let computations = RequestLog<String, String, ComputationError>()

    public init() {}

    public func compute(_ model: String) -> SignalProducer<String, ComputationError> {
        computations.producer(for: model)
    }
}

/// A settings store for tests: records each save and answers when the test says so.
public final class InMemorySettingsStore: SettingsStoring {
    public let saves = RequestLog<String, Void, SettingsSaveError>()

    public init() {}

    public func save(_ summary: String) -> SignalProducer<Void, SettingsSaveError> {
        saves.producer(for: summary)
    }
}

/// A todo store for tests: records each save and answers when the test says so.
public final class InMemoryTodoStore: TodoStoring {
    public let saves = RequestLog<TodoItem, TodoItem, Never>()

    public init() {}

    public func save(_ item: TodoItem) -> SignalProducer<TodoItem, Never> {
        saves.producer(for: item)
    }
}

/// A Twitter client for tests: records each lookup and answers when the test says so.
public final class InMemoryTwitterClient: TwitterClient {
    public let lookups = RequestLog<String, Person, TwitterError>()

    public init() {}

    public func info(forUsername username: String) -> SignalProducer<Person, TwitterError> {
        lookups.producer(for: username)
    }
}

/// An authenticator for tests: records each attempt and answers when the test says so.
public final class InMemoryAuthenticator: Authenticating {
    public let attempts = RequestLog<Credentials, Void, LoginError>()

    public init() {}

    public func logIn(username: String, password: String) -> SignalProducer<Void, LoginError> {
        attempts.producer(for: Credentials(username: username, password: password))
    }
}

/// A registrar for tests: records each sign-up and answers when the test says so.
public final class InMemoryRegistrar: Registering {
    public let requests = RequestLog<Credentials, Void, LoginError>()

    public init() {}

    public func signUp(email: String, password: String) -> SignalProducer<Void, LoginError> {
        requests.producer(for: Credentials(username: email, password: password))
    }
}

/// A Flickr search for tests: records each search and answers when the test says so.
public final class InMemoryFlickrSearch: FlickrSearching {
    public let searches = RequestLog<String, FlickrSearchResults, FlickrSearchError>()
    /// Each metadata request, by photo identifier.
    public let metadataRequests = RequestLog<String, FlickrPhotoMetadata, FlickrSearchError>()

    public init() {}

    public func flickrSearch(_ searchString: String) -> SignalProducer<FlickrSearchResults, FlickrSearchError> {
        searches.producer(for: searchString)
    }

    public func flickrImageMetadata(_ identifier: String) -> SignalProducer<FlickrPhotoMetadata, FlickrSearchError> {
        metadataRequests.producer(for: identifier)
    }
}

/// A photo importer for tests: records each request and answers when the test says so.
public final class InMemoryPhotoImporter: PhotoImporting {
    public let imports = RequestLog<Void, [PhotoModel], PhotoImportError>()
    public let detailFetches = RequestLog<PhotoModel, PhotoModel, PhotoImportError>()
    public let votes = RequestLog<PhotoModel, PhotoModel, PhotoImportError>()
    public let logIns = RequestLog<Credentials, Void, PhotoImportError>()

    public init() {}

    public func importPhotos() -> SignalProducer<[PhotoModel], PhotoImportError> {
        imports.producer(for: ())
    }

    public func fetchPhotoDetails(_ photo: PhotoModel) -> SignalProducer<PhotoModel, PhotoImportError> {
        detailFetches.producer(for: photo)
    }

    public func voteForPhoto(_ photo: PhotoModel) -> SignalProducer<PhotoModel, PhotoImportError> {
        votes.producer(for: photo)
    }

    public func logIn(username: String, password: String) -> SignalProducer<Void, PhotoImportError> {
        logIns.producer(for: Credentials(username: username, password: password))
    }
}
