import Foundation
import Yams

/// Turns a spec file into a `Spec`: the YAML's shape is checked here (sections, keys, value
/// kinds); names and references are checked later by `SpecValidator`.
public struct SpecParser {
    public init() {}

    /// Parses `data` read from `file`. Returns nil when the spec could not be read at all;
    /// otherwise a spec that may still carry errors in `diagnostics`.
    public func parse(_ data: Data, file: String, diagnostics: inout Diagnostics) -> Spec? {
        guard let (root, text) = YAMLLoader(file: file).load(data, diagnostics: &diagnostics) else { return nil }
        var reader = NodeReader(file: file, text: text)
        defer { diagnostics.append(contentsOf: reader.diagnostics) }
        guard let fields = reader.fields(of: root, in: "the spec", place: .spec) else { return nil }
        guard let nameNode = fields["viewModel"]?.value, let name = reader.nonEmptyString(nameNode, "`viewModel`") else {
            return nil
        }
        var spec = Spec(file: file, viewModel: name)
        var sections = SectionReader(reader: reader)
        defer { reader = sections.reader }
        if let node = fields["doc"]?.value { spec.doc = sections.reader.string(node, "`doc`")?.value }
        if let node = fields["access"]?.value { spec.access = sections.reader.nonEmptyString(node, "`access`") }
        if let node = fields["runtimeProperties"]?.value { spec.runtimeProperties = sections.reader.bool(node, "`runtimeProperties`") ?? true }
        if let node = fields["imports"]?.value { spec.imports = sections.reader.stringList(node, "`imports`") }
        if let node = fields["lifecycle"]?.value { spec.lifecycle = sections.reader.nonEmptyString(node, "`lifecycle`") }
        spec.parameters = sections.members(fields["parameters"]?.value, .parameters)
        spec.dependencies = sections.members(fields["dependencies"]?.value, .dependencies)
        spec.constants = sections.members(fields["constants"]?.value, .constants)
        spec.state = sections.members(fields["state"]?.value, .state)
        spec.derived = sections.members(fields["derived"]?.value, .derived)
        spec.children = sections.members(fields["children"]?.value, .children)
        spec.events = sections.members(fields["events"]?.value, .events)
        spec.functions = sections.readEntries(fields["functions"]?.value, "functions") { $0.function($1, $2) }
        spec.commands = sections.readEntries(fields["commands"]?.value, "commands") { $0.command($1, $2) }
        spec.resources = sections.readEntries(fields["resources"]?.value, "resources") { $0.resource($1, $2) }
        spec.reactions = sections.readEntries(fields["reactions"]?.value, "reactions") { $0.reaction($1, $2) }
        spec.validation = sections.validation(fields["validation"]?.value)
        spec.invariants = sections.invariants(fields["invariants"]?.value)
        spec.machine = sections.machine(fields["machine"]?.value, key: fields["machine"]?.key.location)
        spec.brokenNames = sections.brokenNames
        return spec
    }
}

/// The sections of a spec that map names to declarations.
enum MemberSection: String, CaseIterable {
    case parameters, dependencies, constants, state, derived, children, events

    /// The mapping an entry of this section is, for its keys.
    var place: KeyPlace { KeyPlace.ofEntry[rawValue]! }

    /// Whether `name: Type` alone is a complete entry.
    var allowsTypeShorthand: Bool { self != .children && !place.requiredKeys.contains("value") }

    /// The section's name in singular, for messages: its place's name without the article
    /// ("state value" of "a state value").
    var entryName: String { String(place.name.drop { $0 != " " }.dropFirst()) }
}

/// Reads the sections of a spec through a `NodeReader`.
struct SectionReader {
    var reader: NodeReader
    /// The names of entries that could not be read.
    var brokenNames: Set<String> = []

    /// Reads each entry of the section `key` with `read`, recording the names of those it could not read.
    mutating func readEntries<Entry>(
        _ node: Node?, _ key: String, of place: KeyPlace? = nil, _ read: (inout SectionReader, Located<String>, Node) -> Entry?
    ) -> [Entry] {
        guard let node, let entries = reader.entries(of: node, in: "`\(key)`") else { return [] }
        let misplaced = (place ?? KeyPlace.ofEntry[key]).map { keysBelowAnEmptyEntry(entries, of: $0, in: key) } ?? []
        return entries.enumerated().compactMap { index, entry in
            // The misplaced keys are no entries; the empty entry above them is one, broken.
            if misplaced.contains(index), KeyPlace.ofEntry[key]?.keys.contains(entry.key.value) == true { return nil }
            guard !misplaced.contains(index), let result = read(&self, entry.key, entry.value) else {
                brokenNames.insert(entry.key.value)
                return nil
            }
            return result
        }
    }

    /// The one key of `keys` that `fields` has, with its value; none or several is an error (`needs`:
    /// what the entry needs), but none is not when an unknown key misspells one of them for the
    /// mapping `misspelledIn` (reported already, with the key it meant).
    mutating func oneOf(
        _ keys: [String], in fields: SectionReader.Fields, of node: Node, _ context: String, misspelledIn place: KeyPlace? = nil, needs: String
    ) -> (key: String, value: Node)? {
        let written = keys.filter { fields[$0] != nil }
        if written.count == 1, let key = written.first, let field = fields[key] { return (key, field.value) }
        if written.count > 1 {
            reader.diagnostics.error("\(context) has both `\(written[0])` and `\(written[1])`; keep one", at: fields[written[1]]!.key.location)
        } else if place.map({ reader.misspelledKeys(of: node, place: $0).isDisjoint(with: keys) }) ?? true {
            reader.diagnostics.error("\(context) needs \(needs)", at: reader.location(of: node))
        }
        return nil
    }

    /// An entry with no value followed by entries named like its keys (`doubled:`, then `type:`
    /// and `value:` at the same indentation) is one indentation error: said once, at the first
    /// such key. Gives the indexes of those entries, the empty one included, to be read no further.
    private mutating func keysBelowAnEmptyEntry(
        _ entries: [(key: Located<String>, value: Node)], of place: KeyPlace, in section: String
    ) -> Set<Int> {
        var result: Set<Int> = []
        for (index, entry) in entries.enumerated() {
            guard case .scalar(let scalar) = entry.value, scalar.string.isEmpty, scalar.style == .plain else { continue }
            let keys = entries[(index + 1)...].prefix { place.keys.contains($0.key.value) }
            guard let first = keys.first else { continue }
            let names = keys.map { "`\($0.key.value):`" }.joined(separator: ", ")
            reader.diagnostics.error(
                "\(names) \(keys.count == 1 ? "stands" : "stand") at the indentation of \(place.name) `\(entry.key.value)`, so \(keys.count == 1 ? "it reads as an entry" : "they read as entries") of `\(section)`: indent \(keys.count == 1 ? "it" : "them") under `\(entry.key.value)`, by 2 more spaces",
                at: first.key.location)
            result.formUnion(index...(index + keys.count))
        }
        return result
    }

    mutating func members(_ node: Node?, _ section: MemberSection) -> [Member] {
        readEntries(node, section.rawValue) { sections, name, node in sections.member(name, node, section) }
    }

    private mutating func member(_ name: Located<String>, _ node: Node, _ section: MemberSection) -> Member? {
        var member = Member(name: name)
        let context = "\(section.entryName) `\(name.value)`"
        if case .sequence = node, section.allowsTypeShorthand {
            // `photos: [Photo]`: the shorthand's type, which YAML read as a list.
            _ = reader.type(node, "the type of \(context)")
            return nil
        }
        if case .scalar = node {
            guard section.allowsTypeShorthand else {
                reader.diagnostics.error(
                    "\(context) needs `type` and `value`: write `\(name.value): { type: <Type>, value: <expression> }`",
                    at: reader.location(of: node))
                return nil
            }
            if case .scalar(let scalar) = node, let (type, value) = Self.typeWithDefault(scalar.string) {
                // `query: String = ""`: Swift's default value, which a spec writes as `initial`.
                let key = section == .state ? "initial" : "value"
                reader.diagnostics.error(
                    "\(context) is written `\(scalar.string)`, a Swift declaration; in a spec the type and its \(key) are keys: `\(name.value): { type: \(type), \(key): '\(value)' }`",
                    at: reader.location(of: node))
                return nil
            }
            member.type = reader.type(node, "the type of \(context)")
            return member.type == nil ? nil : member
        }
        guard let fields = reader.fields(of: node, in: context, place: section.place) else { return nil }
        if let type = fields["type"] { member.type = reader.type(type.value, "the type of \(context)") }
        // A misspelled `initial` (reported as an unknown key) still says the value was meant to be declared.
        let meant = reader.misspelledKeys(of: node, place: section.place)
        member.declaresValue = fields["value"] != nil || fields["initial"] != nil || !meant.isDisjoint(with: ["value", "initial"])
        if let value = fields["value"] { member.value = reader.code(value.value, "the value of \(context)") }
        if let initial = fields["initial"] { member.value = reader.code(initial.value, "the initial value of \(context)") }
        if let input = fields["input"] { member.isInput = reader.bool(input.value, "`input` of \(context)") ?? false }
        if let doc = fields["doc"] { member.doc = reader.string(doc.value, "`doc` of \(context)")?.value }
        if section == .children, !readChildList(into: &member, fields: fields, meant: meant, node: node, context: context) { return nil }
        if section == .derived { member.pacing = pacing(fields, in: context) }
        return member
    }

    /// `String = ""` split at its `=` (not one of `->`, `==`, `!=`, `<=`, `>=`): the type and the
    /// value; nil for a type alone.
    static func typeWithDefault(_ text: String) -> (type: String, value: String)? {
        let characters = Array(text)
        for index in characters.indices where characters[index] == "=" {
            let before = index > 0 ? characters[index - 1] : " "
            let after = index + 1 < characters.count ? characters[index + 1] : " "
            guard !"-=!<>".contains(before), after != "=" else { continue }
            let type = String(characters[..<index]).trimmingCharacters(in: .whitespaces)
            let value = String(characters[(index + 1)...]).trimmingCharacters(in: .whitespaces)
            return type.isEmpty || value.isEmpty ? nil : (type, value)
        }
        return nil
    }

    mutating func function(_ name: Located<String>, _ node: Node) -> Function? {
        let context = "function `\(name.value)`"
        guard let fields = reader.fields(of: node, in: context, place: .function),
            let signature = fields["signature"].flatMap({ reader.code($0.value, "the signature of \(context)") }),
            let body = fields["body"].flatMap({ reader.code($0.value, "the body of \(context)") })
        else { return nil }
        let doc = fields["doc"].flatMap { reader.string($0.value, "`doc` of \(context)")?.value }
        return Function(name: name, signature: signature, body: body, doc: doc)
    }

    mutating func command(_ name: Located<String>, _ node: Node) -> Command? {
        let context = "command `\(name.value)`"
        guard let fields = reader.fields(of: node, in: context, place: .command) else { return nil }
        guard let (workKey, workNode) = oneOf(
            ["perform", "work", "task", "send"], in: fields, of: node, context, misspelledIn: .command,
            needs: "what it does: `perform` (statements), `work` (a SignalProducer), `task` (async code) or `send` (an event of `machine`)")
        else { return nil }
        let work: Command.Work
        if workKey == "send" {
            guard let event = reader.nonEmptyString(workNode, "`send` of \(context)") else { return nil }
            work = .send(event)
        } else {
            guard let workCode = reader.code(workNode, "`\(workKey)` of \(context)") else { return nil }
            work = switch workKey {
            case "perform": .perform(workCode)
            case "work": .producer(workCode)
            default: .task(workCode)
            }
        }
        var command = Command(name: name, work: work)
        func text(_ key: String) -> Located<String>? {
            fields[key].flatMap { reader.nonEmptyString($0.value, "`\(key)` of \(context)") }
        }
        func type(_ key: String) -> Located<String>? {
            fields[key].flatMap { reader.type($0.value, "`\(key)` of \(context)") }
        }
        func code(_ key: String) -> Code? {
            fields[key].flatMap { reader.code($0.value, "`\(key)` of \(context)") }
        }
        command.doc = fields["doc"].flatMap { reader.string($0.value, "`doc` of \(context)")?.value }
        command.enabled = code("enabled")
        command.input = type("input")
        command.output = type("output")
        command.failure = type("failure")
        command.onValue = code("onValue")
        command.onFailure = code("onFailure")
        command.onCompleted = code("onCompleted")
        command.emits = text("emits")
        command.then = text("then")
        command.policy = text("policy").flatMap { policy in
            choice(policy) { "unknown policy `\(policy.value)` of \(context)\($0) (policies: `oneAtATime`, `latestWins`)" }
        }
        return command
    }

    mutating func resource(_ name: Located<String>, _ node: Node) -> Resource? {
        let context = "resource `\(name.value)`"
        guard let fields = reader.fields(of: node, in: context, place: .resource),
            let type = fields["type"].flatMap({ reader.type($0.value, "the type of \(context)") }),
            let load = resourceLoad(fields, in: context, at: node)
        else { return nil }
        var resource = Resource(name: name, type: type, load: load.code)
        resource.isTask = load.isTask
        readTiming(fields, into: &resource, in: context)
        resource.doc = fields["doc"].flatMap { reader.string($0.value, "`doc` of \(context)")?.value }
        resource.failure = fields["failure"].flatMap { reader.type($0.value, "`failure` of \(context)") }
        if let triggerNode = fields["trigger"]?.value {
            resource.triggers = reader.stringList(triggerNode, "`trigger` of \(context)").compactMap { trigger in
                choice(trigger) { "unknown trigger `\(trigger.value)` of \(context)\($0) (triggers: `init`, `activation`, `change`)" }
            }
        }
        return resource
    }
}
