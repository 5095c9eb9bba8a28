import Foundation
import Reactive

/// A photo from 500px (seed 000's FRPPhotoModel), as a value.
public struct PhotoModel: Sendable, Equatable, Identifiable {
    public var id: Int
    public var photoName: String
    public var photographerName: String
    /// The average rating, when 500px has one.
    public var rating: Double?
    /// Whether the user voted for the photo.
    public var votedFor: Bool
    public var thumbnailURL: URL?
    public var fullsizedURL: URL?
    /// The full-size image, once the details have been fetched.
    public var fullsizedData: Data?

    public init(id: Int, photoName: String, photographerName: String = "", rating: Double? = nil,
                votedFor: Bool = false, thumbnailURL: URL? = nil, fullsizedURL: URL? = nil,
                fullsizedData: Data? = nil) {
        self.id = id
        self.photoName = photoName
        self.photographerName = photographerName
        self.rating = rating
        self.votedFor = votedFor
        self.thumbnailURL = thumbnailURL
        self.fullsizedURL = fullsizedURL
        self.fullsizedData = fullsizedData
    }
}

/// Why talking to 500px failed.
public enum PhotoImportError: Error, Equatable {
    case network(String)
    case unexpectedResponse
}

/// The 500px API (seed 000's FRPPhotoImporter).
public protocol PhotoImporting: Sendable {
    /// The popular photos.
    func importPhotos() -> SignalProducer<[PhotoModel], PhotoImportError>
    /// `photo` with its details (the full-size image data) filled in.
    func fetchPhotoDetails(_ photo: PhotoModel) -> SignalProducer<PhotoModel, PhotoImportError>
    /// Votes for `photo`; sends the photo as 500px now has it (voted for).
    func voteForPhoto(_ photo: PhotoModel) -> SignalProducer<PhotoModel, PhotoImportError>
    /// Logs in with exactly the given credentials.
    func logIn(username: String, password: String) -> SignalProducer<Void, PhotoImportError>
}

/// Where a view model reports problems it recovers from (the articles' NSLog).
public protocol ErrorLogging: Sendable {
    func log(_ message: String)
}

/// Prints each message.
public struct PrintingErrorLog: ErrorLogging {
    public init() {}

    public func log(_ message: String) {
        print(message)
    }
}

/// Keeps each message, for tests.
public final class RecordingErrorLog: ErrorLogging {
    private let recorded = Locked<[String]>([])

    public init() {}

    public var messages: [String] { recorded.withLock { $0 } }

    public func log(_ message: String) {
        recorded.withLock { $0.append(message) }
    }
}

extension Collection {
    /// The element at `position`, or nil when the collection has no such position.
    public func element(at position: Index) -> Element? {
        indices.contains(position) ? self[position] : nil
    }
}
