import Foundation
import Reactive

/// A person found on Twitter (seed 003's PeopleCRM).
public struct Person: Sendable, Equatable {
    public var username: String
    public var name: String
    public var bio: String
    public var avatarURL: URL?
    /// What the user wrote about the person in the app.
    public var notes: String

    public init(username: String, name: String, bio: String = "", avatarURL: URL? = nil, notes: String = "") {
        self.username = username
        self.name = name
        self.bio = bio
        self.avatarURL = avatarURL
        self.notes = notes
    }
}

/// Why a Twitter lookup failed.
public enum TwitterError: Error, Equatable {
    case userNotFound(String)
    case network(String)
}

/// The Twitter API client (seed 003's TwitterClient).
public protocol TwitterClient: Sendable {
    func info(forUsername username: String) -> SignalProducer<Person, TwitterError>
}

/// Which screen the person container shows (seed 003's UIState).
public enum PersonContainerState: Sendable, Equatable {
    /// The form that looks a person up.
    case adding
    /// The person found.
    case detail(Person)
}
