import Foundation
import RandomSpecs
import Testing
@testable import VMGenCore
import Yams

/// Random specs use every key of the spec language (issue 22 item 5): over the default seeds,
/// each mapping of the table of keys (`KeyPlace`) meets each of its keys in some spec, so the
/// random-spec compile test covers what every key generates.
@Suite("Random specs cover every key")
struct KeyCoverageTests {
    @Test("over the default seeds, every key of every mapping appears")
    func everyKeyAppears() throws {
        let generator = RandomSpecGenerator()
        var used: [KeyPlace: Set<String>] = [:]
        for spec in (1...100).flatMap({ generator.batch(seed: UInt64($0)) }) {
            var diagnostics = Diagnostics()
            let node = try #require(YAMLLoader(file: spec.fileName).load(Data(spec.yaml.utf8), diagnostics: &diagnostics)?.node)
            Self.collect(node, into: &used)
        }
        for place in KeyPlace.allCases {
            let missing = place.keys.filter { !(used[place] ?? []).contains($0) }
            #expect(missing.isEmpty, "no random spec writes \(missing) in \(place.name)")
        }
    }

    /// The keys of each mapping in a spec's node tree, by the mapping they are in.
    static func collect(_ node: Node, into used: inout [KeyPlace: Set<String>]) {
        func keys(of node: Node?) -> [(String, Node)] {
            node?.mapping?.compactMap { key, value in key.string.map { ($0, value) } } ?? []
        }
        func entries(of node: Node, as place: KeyPlace) {
            for (_, entry) in keys(of: node) {
                used[place, default: []].formUnion(keys(of: entry).map(\.0))
            }
        }
        for (key, value) in keys(of: node) {
            used[.spec, default: []].insert(key)
            if let section = MemberSection(rawValue: key) {
                entries(of: value, as: section.place)
            }
            switch key {
            case "functions": entries(of: value, as: .function)
            case "commands": entries(of: value, as: .command)
            case "resources": entries(of: value, as: .resource)
            case "reactions": entries(of: value, as: .reaction)
            case "invariants": entries(of: value, as: .invariant)
            case "machine":
                let fields = keys(of: value)
                used[.machine, default: []].formUnion(fields.map(\.0))
                for (key, section) in fields where key == "events" { entries(of: section, as: .machineEvent) }
                for (key, section) in fields where key == "states" {
                    entries(of: section, as: .machineState)
                    for (_, state) in keys(of: section) {
                        if let invoke = keys(of: state).first(where: { $0.0 == "invoke" })?.1 {
                            used[.invoke, default: []].formUnion(keys(of: invoke).map(\.0))
                        }
                        for (_, transitions) in keys(of: keys(of: state).first { $0.0 == "on" }?.1) {
                            for transition in transitions.sequence.map(Array.init) ?? [transitions] {
                                used[.transition, default: []].formUnion(keys(of: transition).map(\.0))
                            }
                        }
                    }
                }
            case "validation":
                let fields = keys(of: value)
                used[.validation, default: []].formUnion(fields.map(\.0))
                for (_, rules) in keys(of: fields.first { $0.0 == "fields" }?.1) {
                    for rule in rules.sequence ?? [] {
                        used[.rule, default: []].formUnion(keys(of: rule).map(\.0))
                    }
                }
            default: break
            }
        }
    }
}
