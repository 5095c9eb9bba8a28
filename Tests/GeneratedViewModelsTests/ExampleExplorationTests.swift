import ExampleModels
import Foundation
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

// Each example explored: every sequence of actions up to a depth (breadth first), checking after
// each step the spec's invariants, every derived value and command condition against a fresh
// computation, each command's enabled state, and that a disabled command refuses to run. The
// services are controllable fakes (ReactiveTesting's `FakeProducer`), answered by the explorer.
// `FullSizePhotoViewModel` has no values, so nothing to explore.

struct ExploredAuthenticator: Authenticating {
    let attempts = FakeProducer<Credentials, Void, LoginError>()
    func logIn(username: String, password: String) -> SignalProducer<Void, LoginError> {
        attempts(Credentials(username: username, password: password))
    }
}

struct ExploredFlickr: FlickrSearching {
    let searches = FakeProducer<String, FlickrSearchResults, FlickrSearchError>()
    let metadata = FakeProducer<String, FlickrPhotoMetadata, FlickrSearchError>()
    func flickrSearch(_ searchString: String) -> SignalProducer<FlickrSearchResults, FlickrSearchError> {
        searches(searchString)
    }
    func flickrImageMetadata(_ identifier: String) -> SignalProducer<FlickrPhotoMetadata, FlickrSearchError> {
        metadata(identifier)
    }
}

struct ExploredRegistrar: Registering {
    let signUps = FakeProducer<Credentials, Void, LoginError>()
    func signUp(email: String, password: String) -> SignalProducer<Void, LoginError> {
        signUps(Credentials(username: email, password: password))
    }
}

struct ExploredImporter: PhotoImporting {
    let imports = FakeProducer<Void, [PhotoModel], PhotoImportError>()
    let details = FakeProducer<PhotoModel, PhotoModel, PhotoImportError>()
    let votes = FakeProducer<PhotoModel, PhotoModel, PhotoImportError>()
    let logIns = FakeProducer<Credentials, Void, PhotoImportError>()
    func importPhotos() -> SignalProducer<[PhotoModel], PhotoImportError> { imports(()) }
    func fetchPhotoDetails(_ photo: PhotoModel) -> SignalProducer<PhotoModel, PhotoImportError> { details(photo) }
    func voteForPhoto(_ photo: PhotoModel) -> SignalProducer<PhotoModel, PhotoImportError> { votes(photo) }
    func logIn(username: String, password: String) -> SignalProducer<Void, PhotoImportError> {
        logIns(Credentials(username: username, password: password))
    }
}

struct ExploredLog: ErrorLogging {
    let messages = FakeFunction<String, Void>(returning: ())
    func log(_ message: String) { messages(message) }
}

struct ExploredSettingsStore: SettingsStoring {
    let saves = FakeProducer<String, Void, SettingsSaveError>()
    func save(_ summary: String) -> SignalProducer<Void, SettingsSaveError> { saves(summary) }
}

struct ExploredTodoStore: TodoStoring {
    let saves = FakeProducer<TodoItem, TodoItem, Never>()
    func save(_ item: TodoItem) -> SignalProducer<TodoItem, Never> { saves(item) }
}

struct ExploredTwitter: TwitterClient {
    let lookups = FakeProducer<String, Person, TwitterError>()
    func info(forUsername username: String) -> SignalProducer<Person, TwitterError> { lookups(username) }
}

struct ExploredSearch: AsyncSearching {
    let searches = FakeAsync<String, [String]>()
    func results(for query: String) async throws -> [String] { try await searches(query) }
}

@MainActor
struct ExampleExplorationTests {
    let ann = Person(username: "ann", name: "Ann")
    let photo = PhotoModel(id: 1, photoName: "Sunset")

    @Test func loginForm() {
        let report = Explorer<LoginFormViewModel> { explore in
            let authenticator = ExploredAuthenticator()
            explore.input(\.username, ["", "ann"])
            explore.input(\.password, ["", "pw"])
            explore.answers(authenticator.attempts, named: "attempts", values: [()], failures: [LoginError(message: "no")])
            return LoginFormViewModel(authenticator: authenticator)
        }.exhaustive(depth: 6)
        report.expectNoFailure()
        #expect(report.coverage.missing.isEmpty)
    }

    @Test func login() {
        let report = Explorer<LoginViewModel> { explore in
            let importer = ExploredImporter()
            explore.input(\.username, ["", "ann"])
            explore.input(\.password, ["", "pw"])
            explore.answers(importer.logIns, named: "logIns", values: [()], failures: [.network("down")])
            return LoginViewModel(importer: importer)
        }.exhaustive(depth: 5)
        report.expectNoFailure()
        #expect(report.coverage.missing.isEmpty)
    }

    @Test func flickrSearch() {
        let results = FlickrSearchResults(searchString: "cats", totalResults: 0, photos: [])
        let report = Explorer<FlickrSearchViewModel> { explore in
            let flickr = ExploredFlickr()
            explore.input(\.searchText, ["", "cat", "cats"])
            explore.answers(flickr.searches, named: "searches", values: [results], failures: [.network("down")])
            return FlickrSearchViewModel(flickr: flickr)
        }.exhaustive(depth: 5)
        report.expectNoFailure()
        #expect(report.coverage.missing.isEmpty)
    }

    @Test func flickrResultsAndTheirItems() {
        let cat = FlickrPhoto(title: "Cat", identifier: "1")
        let dog = FlickrPhoto(title: "Dog", identifier: "2")
        let screen = Explorer<FlickrSearchResultsViewModel> { explore in
            explore.input(\.results, [
                FlickrSearchResults(searchString: "pets", totalResults: 2, photos: [cat, dog]),
                FlickrSearchResults(searchString: "pets", totalResults: 2, photos: [dog]),
                FlickrSearchResults(searchString: "none", totalResults: 0, photos: []),
            ])
            return FlickrSearchResultsViewModel(
                initialResults: FlickrSearchResults(searchString: "cats", totalResults: 1, photos: [cat]),
                flickr: ExploredFlickr(), scheduler: TestScheduler())
        }.exhaustive(depth: 4)
        screen.expectNoFailure()

        let item = Explorer<FlickrSearchResultsItemViewModel> { explore in
            let flickr = ExploredFlickr()
            let scheduler = TestScheduler()
            explore.time(scheduler, steps: [0.5, 1])
            explore.answers(flickr.metadata, named: "metadata",
                            values: [FlickrPhotoMetadata(favorites: 3, comments: 1)], failures: [.network("down")])
            return FlickrSearchResultsItemViewModel(initialPhoto: cat, flickr: flickr, scheduler: scheduler)
        }.exhaustive(depth: 5)
        item.expectNoFailure()
        #expect(item.coverage.missing.isEmpty)
    }

    @Test func signUp() {
        let report = Explorer<SignUpViewModel> { explore in
            let registrar = ExploredRegistrar()
            explore.input(\.email, ["", "ann@example.com"])
            explore.input(\.password, ["", "secret12"])
            explore.input(\.confirmation, ["secret12"])
            explore.answers(registrar.signUps, named: "signUps", values: [()], failures: [LoginError(message: "taken")])
            return SignUpViewModel(registrar: registrar)
        }.exhaustive(depth: 4)
        report.expectNoFailure()
    }

    @Test func personContainer() {
        // The form alone: AddPersonFormTests, beside its machine.
        let ann = ann
        let container = Explorer<PersonContainerViewModel> { explore in
            let twitter = ExploredTwitter()
            explore.answers(twitter.lookups, named: "lookups", values: [ann], failures: [.userNotFound("ann")])
            return PersonContainerViewModel(twitter: twitter)
        }.exhaustive(depth: 3)
        container.expectNoFailure()
    }

    @Test func personDetail() {
        let report = Explorer<PersonDetailViewModel> { explore in
            explore.input(\.person, [ann, Person(username: "bob", name: "Bob", notes: "met in 2019")])
            return PersonDetailViewModel(initialPerson: ann)
        }.exhaustive(depth: 3)
        report.expectNoFailure()
    }

    @Test func diceGame() {
        let report = Explorer { _ in DiceGameViewModel(die: ScriptedDie(rolls: [1, 6, 3])) }.exhaustive(depth: 5)
        report.expectNoFailure()
        // `newGame` has no condition and runs at once: it is never disabled, so the coverage asks
        // only to see it enabled.
        #expect(report.coverage.neverDisabled == ["newGame"])
        #expect(report.coverage.missing.isEmpty, "\(report.coverage)")
    }

    @Test func galleryPhotoAndPhotoDetail() {
        let photo = photo
        let rated = PhotoModel(id: 1, photoName: "Sunset", rating: 4.5)
        let gallery = Explorer<GalleryViewModel> { explore in
            let importer = ExploredImporter()
            explore.answers(importer.imports, named: "imports", values: [[photo]], failures: [.unexpectedResponse])
            return GalleryViewModel(importer: importer, log: ExploredLog())
        }.exhaustive(depth: 3)
        gallery.expectNoFailure()
        let page = Explorer<PhotoViewModel> { explore in
            let importer = ExploredImporter()
            explore.answers(importer.details, named: "details", values: [rated], failures: [.network("down")])
            return PhotoViewModel(photo: photo, importer: importer)
        }.exhaustive(depth: 5)
        page.expectNoFailure()
        #expect(page.coverage.missing.isEmpty)
        let detail = Explorer<PhotoDetailViewModel> { explore in
            let importer = ExploredImporter()
            explore.answers(importer.votes, named: "votes", values: [rated], failures: [.network("down")])
            return PhotoDetailViewModel(initialPhoto: photo, importer: importer)
        }.exhaustive(depth: 4)
        detail.expectNoFailure()
        #expect(detail.coverage.missing.isEmpty)
    }

    @Test func liveSearch() {
        let report = Explorer<LiveSearchViewModel> { explore in
            let scheduler = TestScheduler()
            explore.input(\.query, ["", "a", " a"])
            explore.time(scheduler, steps: [0.3, 0.5])
            return LiveSearchViewModel(search: ExploredSearch(), scheduler: scheduler)
        }.exhaustive(depth: 4)
        report.expectNoFailure()
        // The search is an async task, which does not progress while the explorer runs.
        #expect(report.coverage.missing == ["results: loaded", "results: failed"])
    }

    @Test func loadableResource() {
        let report = Explorer<LoadableResourceViewModel> { explore in
            let computation = ExploredComputation()
            explore.input(\.model, [nil, "2", "3"])
            explore.answers(computation.computations, named: "computations", values: ["4"], failures: [.failed("no")])
            return LoadableResourceViewModel(computation: computation)
        }.exhaustive(depth: 5)
        report.expectNoFailure()
        #expect(report.coverage.missing.isEmpty)
    }

    @Test func orderLine() {
        let report = Explorer<OrderLineViewModel> { explore in
            explore.input(\.quantity, [0, 1, 10, 100])
            explore.input(\.unitPrice, [0, 100, 250])
            return OrderLineViewModel(counter: EvaluationCounter())
        }.exhaustive(depth: 3)
        report.expectNoFailure()
    }

    @Test func selections() {
        let row = Explorer { _ in SelectableRowViewModel(name: "a") }.exhaustive(depth: 3)
        row.expectNoFailure()
        let selection = Explorer<SelectionViewModel> { explore in
            explore.input(\.names, [[], ["a"], ["a", "b"], ["b"]])
            return SelectionViewModel()
        }.exhaustive(depth: 4)
        selection.expectNoFailure()
        let group = Explorer<SelectionGroupViewModel> { explore in
            explore.input(\.lists, [[], [["a"]], [["a"], ["b", "c"]]])
            return SelectionGroupViewModel()
        }.exhaustive(depth: 4)
        group.expectNoFailure()
    }

    @Test func settings() {
        let report = Explorer<SettingsViewModel> { explore in
            let store = ExploredSettingsStore()
            explore.input(\.fontSize, [14, 20])
            explore.input(\.theme, ["light", "dark"])
            explore.answers(store.saves, named: "saves", values: [()], failures: [SettingsSaveError(reason: "disk full")])
            return SettingsViewModel(store: store)
        }.exhaustive(depth: 5)
        report.expectNoFailure()
        #expect(report.coverage.missing.isEmpty)
    }

    @Test func todos() {
        let milk = TodoItem(id: 1, title: "milk")
        let list = Explorer<TodoListViewModel> { explore in
            explore.input(\.newItemText, ["", "milk", "eggs"])
            return TodoListViewModel()
        }.exhaustive(depth: 5)
        list.expectNoFailure()
        #expect(list.coverage.missing.isEmpty)
        let row = Explorer<TodoRowViewModel> { explore in
            let store = ExploredTodoStore()
            explore.input(\.draft, ["", "bread"])
            explore.input(\.item, [milk, TodoItem(id: 1, title: "milk", isDone: true)])
            explore.answers(store.saves, named: "saves", values: [TodoItem(id: 1, title: "bread")])
            return TodoRowViewModel(initialItem: milk, store: store)
        }.exhaustive(depth: 5)
        row.expectNoFailure()
        let rows = Explorer<TodoRowsViewModel> { explore in
            let store = ExploredTodoStore()
            explore.input(\.items, [[], [milk], [TodoItem(id: 1, title: "milk", isDone: true), TodoItem(id: 2, title: "eggs")]])
            explore.execute(\.toggle, named: "toggle", ofEach: \.rows, named: "rows", upTo: 3)
            explore.execute(\.rename, named: "rename", ofEach: \.rows, named: "rows", upTo: 3)
            return TodoRowsViewModel(store: store)
        }.exhaustive(depth: 3)
        rows.expectNoFailure()
        // The rows' commands ran on the first and the second row; no list has a third. A row's
        // draft is its own, so no exploration of the list makes `rename` enabled: the report says so.
        // `toggle` has no condition, but its work is a producer, which could run on (disabling it):
        // this one answers at once, so it is never seen disabled, and the report says that too.
        #expect(rows.actionsNeverRun == [
            "viewModel.rows[2].toggle()", "viewModel.rows[2].rename()",
        ], "\(rows)")
        #expect(rows.coverage.missing == ["rows[].rename: enabled", "rows[].toggle: disabled"], "\(rows)")
    }
}

struct ExploredComputation: Computing {
    let computations = FakeProducer<String, String, ComputationError>()
    func compute(_ model: String) -> SignalProducer<String, ComputationError> { computations(model) }
}
