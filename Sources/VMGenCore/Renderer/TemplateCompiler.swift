/// Compiles Mustache templates against the context's fields (`TemplateFields`): every name is
/// resolved once, here, to the field it reads, so rendering reads fields by position with no
/// lookup by name and no reflection. What cannot be resolved is an error at the template's line
/// and column, and nothing is rendered: a name that is no field where it stands, a list shown as
/// text, text used as a section, a section never closed or closed out of order, a partial that
/// does not exist or includes itself. Every section is compiled, whether or not a spec renders it.
struct TemplateCompiler {
    /// The templates by name (`ViewModel.swift`, `Value`, `Function`), with the file each came from.
    let templates: [String: (text: String, file: String)]
    private(set) var problems: [Diagnostic] = []
    /// The templates compiled so far (a partial no template includes is a mistake).
    private(set) var used: Set<String> = []

    /// How deep partials may include partials, and sections may nest.
    static let maximumDepth = 16, maximumNesting = 64
    /// How many inclusions of partials all the templates may make together: partials that each
    /// include the next several times multiply (three times over 16 levels is 43 million).
    static let maximumInclusions = 10_000
    private var inclusions = 0

    init(templates: [String: (text: String, file: String)]) {
        self.templates = templates
    }

    /// What a section brings into scope at run time, one for one with the renderer's frames.
    enum Frame: Equatable {
        /// An object's fields; `inList` for an element of a list (`first()` and such apply).
        case object(TemplateObjectType, inList: Bool)
        /// A piece of text, `{{.}}`; `inList` for a line of `lines`.
        case text(inList: Bool)
    }

    /// The template `name` compiled with the view model in scope; check `problems` first.
    mutating func compile(_ name: String) -> [TemplateNode] {
        let nodes = compile(name, frames: [.object(.viewModel, inList: false)], including: [], indentation: "")
        // A partial included in several places reports a problem it has everywhere once, with
        // where it was first included.
        var seen = Set<String>()
        problems = problems.filter { seen.insert("\($0.location) \($0.message)").inserted }
        return nodes
    }

    /// `name` compiled where `frames` are in scope, included through `including` (each with the
    /// tag that included the next), every line of its text indented by `indentation`.
    private mutating func compile(
        _ name: String, frames: [Frame], including: [(name: String, tag: TemplateSyntax.Tag)], indentation: String
    ) -> [TemplateNode] {
        guard let template = templates[name] else { return [] }
        used.insert(name)
        // Where the template was included from, for a problem in it.
        let notes = including.reversed().map { Diagnostic.Note("included from here", at: $0.tag.location) }
        // Sections being compiled: their tag, the access they read, the nodes before them, and
        // whether they pushed a frame.
        var open: [(tag: TemplateSyntax.Tag, make: ([TemplateNode]) -> TemplateNode, outer: [TemplateNode], pushed: Bool)] = []
        var frames = frames
        var nodes: [TemplateNode] = []
        for piece in TemplateSyntax.pieces(of: template.text, file: template.file, indentation: indentation) {
            guard case .tag(let tag) = piece else {
                if case .text(let text) = piece { nodes.append(.text(text)) }
                continue
            }
            func problem(_ message: String) {
                problems.append(Diagnostic(.error, "`\(tag.text)`: \(message)", at: tag.location, notes: notes))
            }
            switch tag.kind {
            case .comment:
                // `{{! note` left open runs to the next tag's `}}`, taking the tags between.
                if tag.text.dropFirst(2).contains("{{") {
                    problems.append(Diagnostic(.error, "a comment that holds `{{`: it runs to the first `}}`, here another tag's, and hides the tags between; close the comment with `}}` where it ends", at: tag.location, notes: notes))
                }
            case .unclosed:
                problems.append(Diagnostic(.error, "a tag opened here is never closed with `\(tag.text.hasPrefix("{{{") ? "}}}" : "}}")`", at: tag.location, notes: notes))
            case .unsupported:
                problem("vmgen's templates do not take this tag; use variables, sections, inverted sections, partials and comments")
            case .partial:
                if templates[tag.name] == nil {
                    problem("there is no template `\(tag.name)`" + Suggestion.didYouMean(tag.name, in: templates.keys.sorted()))
                } else if tag.name == name || including.contains(where: { $0.name == tag.name }) {
                    problem("the partials include each other (\((including.map(\.name) + [name, tag.name]).joined(separator: " -> ")))")
                } else if including.count >= Self.maximumDepth {
                    problem("partials are included \(Self.maximumDepth) deep here, the most vmgen follows")
                } else if inclusions >= Self.maximumInclusions {
                    if inclusions == Self.maximumInclusions {
                        problem("the partials include each other more than \(Self.maximumInclusions) times in all, the most vmgen follows: include each partial where it is needed, not several times at every level")
                    }
                    inclusions += 1
                } else {
                    inclusions += 1
                    nodes.append(.group(compile(tag.name, frames: frames, including: including + [(name, tag)], indentation: tag.indentation)))
                }
            case .close:
                guard let section = open.popLast() else {
                    problem("closes a section that is not open")
                    continue
                }
                if section.pushed { frames.removeLast() }
                if section.tag.name != tag.name {
                    problem("closes `\(tag.name)`, but the section open here is `\(section.tag.name)`; close that first")
                }
                nodes = section.outer + [section.make(nodes)]
            case .variable:
                switch resolve(tag.name, in: frames) {
                case .failure(let failure): problem(failure.message)
                case .success(let read):
                    if read.value.isText { nodes.append(.show(read.source)) } else {
                        problem("`\(tag.name)` is \(read.value.written), not text: show it with a section, `{{#\(tag.name)}}...{{/\(tag.name)}}`")
                    }
                }
            case .section, .invertedSection:
                let inverted = tag.kind == .invertedSection
                var make: ([TemplateNode]) -> TemplateNode = { .group($0) }
                var pushed = false
                switch resolve(tag.name, in: frames) {
                case .failure(let failure):
                    problem(failure.message)
                case .success(let read):
                    if open.count >= Self.maximumNesting {
                        problem("sections nest \(Self.maximumNesting) deep here, the most vmgen takes")
                    } else if read.value == .text || (inverted && read.value.isObject) {
                        problem("`\(tag.name)` is \(read.value.written), which is always there: "
                            + (inverted ? "an inverted section over it never renders" : "show it with `{{\(tag.name)}}`"))
                    } else {
                        make = { [source = read.source] in inverted ? .inverted(source, $0) : .section(source, $0) }
                        if !inverted, let frame = read.value.frame {
                            frames.append(frame)
                            pushed = true
                        }
                    }
                }
                open.append((tag, make, nodes, pushed))
                nodes = []
            }
        }
        for section in open.reversed() {
            problems.append(Diagnostic(.error, "the section `\(section.tag.name)` is never closed; add `{{/\(section.tag.name)}}`",
                                       at: section.tag.location))
            nodes = section.outer + [section.make(nodes)]
        }
        return nodes
    }

    /// What a name reads: a field (through the frame that has it), the current text, or a
    /// position in a list.
    struct Read {
        var value: TemplateValue
        var source: TemplateNode.Source
    }

    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// What `name` reads where `frames` are in scope, or why it reads nothing.
    func resolve(_ name: String, in frames: [Frame]) -> Result<Read, Failure> {
        if name == "." {
            guard case .text = frames.last else {
                return .failure(Failure("`.` is the current line or text, and there is none here: it shows inside a section of lines"))
            }
            return .success(Read(value: .text, source: .current))
        }
        if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
            return transform(String(name[..<open]), of: String(name[name.index(after: open)..<name.index(before: name.endIndex)]), in: frames)
        }
        var parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let first = parts.removeFirst()
        var inScope: [String] = []
        var found: (frame: Int, index: Int, value: TemplateValue)?
        for (position, frame) in frames.enumerated().reversed() {
            guard case .object(let type, _) = frame else { continue }
            let fields = type.fields
            if let index = fields.firstIndex(where: { $0.name == first }) {
                found = (position, index, fields[index].value)
                break
            }
            inScope += fields.map(\.name)
        }
        guard let found else {
            return .failure(Failure("no field `\(first)` is in scope here" + Suggestion.didYouMean(first, in: inScope)
                + " (the fields: docs/templates.md, version \(TemplateFields.version))"))
        }
        var path = [found.index]
        var value = found.value
        for part in parts {
            guard case .object(let type) = value else {
                if case .list(let type) = value {
                    return .failure(Failure("`\(first)` is \(value.written): read `\(part)` of each inside `{{#\(first)}}...{{/\(first)}}`"
                        + (type.fields.contains { $0.name == part } ? "" : ", though a \(type.title) has no field `\(part)`")))
                }
                return .failure(Failure("`\(first)` is \(value.written), which has no field `\(part)`"))
            }
            guard let index = type.fields.firstIndex(where: { $0.name == part }) else {
                return .failure(Failure("a \(type.title) has no field `\(part)`" + Suggestion.didYouMean(part, in: type.fields.map(\.name))))
            }
            path.append(index)
            value = type.fields[index].value
        }
        return .success(Read(value: value, source: .field(frame: found.frame, path: path)))
    }

    /// `first()`, `last()`, `index()`, `even()`, `odd()` in a list; `empty(x)` and `count(x)` of a list.
    private func transform(_ name: String, of argument: String, in frames: [Frame]) -> Result<Read, Failure> {
        if argument.isEmpty {
            guard let position = TemplateNode.Position(rawValue: name) else {
                return .failure(Failure("there is no `\(name)()`; in a list there are `first()`, `last()`, `index()`, `even()` and `odd()`"))
            }
            let inList = switch frames.last {
            case .object(_, let inList), .text(let inList): inList
            case nil: false
            }
            guard inList else { return .failure(Failure("`\(name)()` applies inside a list's section only")) }
            return .success(Read(value: position == .index ? .text : .flag, source: .position(position)))
        }
        guard name == "empty" || name == "count" else {
            return .failure(Failure("there is no `\(name)(...)`; a list has `empty(list)` and `count(list)`"))
        }
        switch resolve(argument, in: frames) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let read):
            guard case .field(let frame, let path) = read.source, read.value.isList else {
                return .failure(Failure("`\(argument)` is \(read.value.written), not a list"))
            }
            return .success(Read(value: name == "empty" ? .flag : .text, source: name == "empty" ? .isEmpty(frame: frame, path: path) : .count(frame: frame, path: path)))
        }
    }
}

extension TemplateValue {
    /// Whether `{{name}}` shows it.
    var isText: Bool { self == .text || self == .optionalText }

    /// Whether it is one object (always there).
    var isObject: Bool {
        if case .object = self { true } else { false }
    }

    /// Whether it is a list (of objects or of lines).
    var isList: Bool {
        switch self {
        case .list, .lines: true
        default: false
        }
    }

    /// The frame a section over it pushes; nil for a flag.
    var frame: TemplateCompiler.Frame? {
        switch self {
        case .list(let type): .object(type, inList: true)
        case .object(let type): .object(type, inList: false)
        case .lines: .text(inList: true)
        case .optionalText, .text: .text(inList: false)
        case .flag: nil
        }
    }
}
