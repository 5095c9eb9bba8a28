import Reactive

/// Why saving settings failed.
public struct SettingsSaveError: Error, Equatable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

/// Where reading settings are saved.
public protocol SettingsStoring: Sendable {
    func save(_ summary: String) -> SignalProducer<Void, SettingsSaveError>
}

/// A settings store for tests: records each save and answers when the test says so.
public final class InMemorySettingsStore: SettingsStoring {
    public let saves = RequestLog<String, Void, SettingsSaveError>()

    public init() {}

    public func save(_ summary: String) -> SignalProducer<Void, SettingsSaveError> {
        saves.producer(for: summary)
    }
}
