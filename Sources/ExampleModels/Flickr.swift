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

/// One entry of the search screen's history (seed 004's app, part 2): what was searched, how
/// many photos the search found, and the first photo's thumbnail (nil without photos).
public struct FlickrPreviousSearch: Sendable, Equatable {
    public var searchString: String
    public var totalResults: Int
    public var thumbnail: URL?

    public init(searchString: String, totalResults: Int, thumbnail: URL?) {
        self.searchString = searchString
        self.totalResults = totalResults
        self.thumbnail = thumbnail
    }

    /// The entry for what a search found.
    public init(_ results: FlickrSearchResults) {
        self.init(searchString: results.searchString, totalResults: results.totalResults, thumbnail: results.photos.first?.url)
    }
}

/// How many people made a photo a favourite and commented on it (the app's RWTFlickrPhotoMetadata).
public struct FlickrPhotoMetadata: Sendable, Equatable {
    public var favorites: Int
    public var comments: Int

    public init(favorites: Int, comments: Int) {
        self.favorites = favorites
        self.comments = comments
    }
}

/// Why a Flickr search failed.
public enum FlickrSearchError: Error, Equatable {
    case network(String)
}

/// The Flickr search service (seed 004's RWTFlickrSearch).
public protocol FlickrSearching: Sendable {
    func flickrSearch(_ searchString: String) -> SignalProducer<FlickrSearchResults, FlickrSearchError>
    /// The favourites and comments of the photo with `identifier`.
    func flickrImageMetadata(_ identifier: String) -> SignalProducer<FlickrPhotoMetadata, FlickrSearchError>
}
