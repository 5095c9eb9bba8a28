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
