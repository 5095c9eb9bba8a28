/// A compiled template: text, and what to read where, each name already resolved to a field by
/// `TemplateCompiler`.
indirect enum TemplateNode {
    /// `first()`, `last()`, `index()`, `even()`, `odd()`: where the current element of a list is.
    enum Position: String {
        case first, last, index, even, odd
    }

    /// Where a value comes from.
    enum Source {
        /// A field of the object `frame` frames up from the bottom, then of its object fields.
        case field(frame: Int, path: [Int])
        /// `{{.}}`: the current line or text.
        case current
        case position(Position)
        /// `empty(list)` and `count(list)`.
        case isEmpty(frame: Int, path: [Int])
        case count(frame: Int, path: [Int])
    }

    case text(String)
    /// `{{name}}`.
    case show(Source)
    /// `{{#name}}...{{/name}}`: what it repeats or shows depends on the value it reads.
    case section(Source, [TemplateNode])
    /// `{{^name}}...{{/name}}`.
    case inverted(Source, [TemplateNode])
    /// Nodes in a row: a partial (`{{>Name}}`, compiled where it stands), or the inside of a
    /// section whose name could not be read (in templates that failed to compile).
    case group([TemplateNode])
}

/// What a field holds when a template reads it.
enum TemplateData {
    case text(String)
    case flag(Bool)
    case lines([String])
    case object(any TemplateObject)
    case list([any TemplateObject])
}

/// One rendering: the frames in scope (innermost last) and the text so far.
struct TemplateRun {
    struct Frame {
        enum Content {
            case object(any TemplateObject)
            case text(String)
        }

        var content: Content
        /// The element's place in its list, and the list's length (0 and 1 outside lists).
        var index = 0, count = 1
    }

    var frames: [Frame]
    var output = ""

    init(_ root: any TemplateObject) {
        frames = [Frame(content: .object(root))]
        output.reserveCapacity(16_384)
    }

    mutating func render(_ nodes: [TemplateNode]) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .show(let source):
                if case .text(let text) = data(source) { output += text }
            case .section(let source, let inside):
                section(data(source), inside)
            case .inverted(let source, let inside):
                if isAbsent(data(source)) { render(inside) }
            case .group(let inside):
                render(inside)
            }
        }
    }

    private mutating func section(_ data: TemplateData, _ inside: [TemplateNode]) {
        switch data {
        case .flag(let flag):
            if flag { render(inside) }
        case .text(let text):
            if !text.isEmpty { render(inside, in: Frame(content: .text(text))) }
        case .object(let object):
            render(inside, in: Frame(content: .object(object)))
        case .lines(let lines):
            for (index, line) in lines.enumerated() {
                render(inside, in: Frame(content: .text(line), index: index, count: lines.count))
            }
        case .list(let objects):
            for (index, object) in objects.enumerated() {
                render(inside, in: Frame(content: .object(object), index: index, count: objects.count))
            }
        }
    }

    /// Renders `nodes` with `frame` innermost.
    private mutating func render(_ nodes: [TemplateNode], in frame: Frame) {
        frames.append(frame)
        render(nodes)
        frames.removeLast()
    }

    /// Whether an inverted section over it renders: false, empty text, an empty list.
    private func isAbsent(_ data: TemplateData) -> Bool {
        switch data {
        case .flag(let flag): !flag
        case .text(let text): text.isEmpty
        case .lines(let lines): lines.isEmpty
        case .list(let objects): objects.isEmpty
        case .object: false
        }
    }

    private func data(_ source: TemplateNode.Source) -> TemplateData {
        switch source {
        case .field(let frame, let path):
            return field(frame, path)
        case .current:
            if case .text(let text) = frames[frames.count - 1].content { return .text(text) }
            return .text("")
        case .position(let position):
            let top = frames[frames.count - 1]
            switch position {
            case .first: return .flag(top.index == 0)
            case .last: return .flag(top.index == top.count - 1)
            case .index: return .text("\(top.index)")
            case .even: return .flag(top.index.isMultiple(of: 2))
            case .odd: return .flag(!top.index.isMultiple(of: 2))
            }
        case .isEmpty(let frame, let path):
            return .flag(isAbsent(field(frame, path)))
        case .count(let frame, let path):
            switch field(frame, path) {
            case .list(let objects): return .text("\(objects.count)")
            case .lines(let lines): return .text("\(lines.count)")
            default: return .text("")
            }
        }
    }

    /// The field at `path` from the object of frame `frame` (the compiler has checked each step).
    private func field(_ frame: Int, _ path: [Int]) -> TemplateData {
        guard case .object(var object) = frames[frame].content else { return .text("") }
        for (step, index) in path.enumerated() {
            let value = object.data(index)
            guard step < path.count - 1 else { return value }
            guard case .object(let next) = value else { return .text("") }
            object = next
        }
        return .text("")
    }
}
