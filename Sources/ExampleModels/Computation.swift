import Reactive

/// Why a computation failed.
public enum ComputationError: Error, Equatable {
    case failed(String)
}

/// A computation that takes time, such as a download (seed 001's computation signal).
public protocol Computing: Sendable {
    func compute(_ model: String) -> SignalProducer<String, ComputationError>
}
