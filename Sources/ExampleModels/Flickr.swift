import Foundation
import Reactive

/// One photo of a Flickr search (seed 004's RWTFlickrPhoto).
public struct FlickrPhoto: Sendable, Equatable {
    public var title: String
    public var url: URL?
    public var identifier: String

    public init(title: String, url: URL? = nil, identifier: String) {
        self.title = title
        self.url = url
        self.identifier = identifier
    }
}

/// What a search found (seed 004's RWTFlickrSearchResults).
public struct FlickrSearchResults: Sendable, Equatable {
    public var searchString: String
    public var totalResults: Int
    public var photos: [FlickrPhoto]

    public init(searchString: String, totalResults: Int, photos: [FlickrPhoto]) {
        self.searchString = searchString
        self.totalResults = totalResults
        self.photos = photos
    }
}

/// Why a Flickr search failed.
public enum FlickrSearchError: Error, Equatable {
    case network(String)
}

/// The Flickr search service (seed 004's RWTFlickrSearch).
public protocol FlickrSearching: Sendable {
    func flickrSearch(_ searchString: String) -> SignalProducer<FlickrSearchResults, FlickrSearchError>
}

/// A Flickr search for tests: records each search and answers when the test says so.
public final class InMemoryFlickrSearch: FlickrSearching {
    public let searches = RequestLog<String, FlickrSearchResults, FlickrSearchError>()

    public init() {}

    public func flickrSearch(_ searchString: String) -> SignalProducer<FlickrSearchResults, FlickrSearchError> {
        searches.producer(for: searchString)
    }
}
