import Foundation

/// The JSON Schema (draft 2020-12) of the spec format, built from the same key tables the
/// parser uses, so editors complete and check exactly what vmgen accepts.
public enum SpecSchema {
    public static func json() -> String {
        let data = try! JSONSerialization.data(withJSONObject: schema(), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func schema() -> [String: Any] {
        // A resource loads by `load` or by `task`; a child is computed by `value`, or kept by id
        // (`each`, `id`, `make`): one of them, not both.
        let oneOf = ["resources": [["load"], ["task"]], "children": [["value"], ["each", "id", "make"]]]
        var sections: [String: [String: Any]] = ["validation": mapping(of: .validation), "machine": machine()]
        for name in SpecKeyTable.sections {
            let shorthand = MemberSection(rawValue: name)?.allowsTypeShorthand ?? false
            sections[name] = entries(of: KeyPlace.ofEntry[name]!, shorthand: shorthand, oneOf: oneOf[name] ?? [])
        }
        let properties = Dictionary(uniqueKeysWithValues: KeyPlace.spec.specKeys.map { key in
            (key.name, (sections[key.name] ?? property(key)).merging(["description": key.doc]) { $1 })
        })
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "VMGen view-model spec",
            "type": "object",
            "additionalProperties": false,
            "required": KeyPlace.spec.requiredKeys,
            "properties": properties,
        ]
    }

    /// A section: named entries, each a mapping of `place` (or, with `shorthand`, its type alone);
    /// `oneOf` lists the sets of keys of which an entry has exactly one.
    static func entries(of place: KeyPlace, shorthand: Bool, oneOf: [[String]] = []) -> [String: Any] {
        var entry = mapping(of: place)
        if !oneOf.isEmpty { entry["oneOf"] = oneOf.map { ["required": $0] } }
        let value: [String: Any] = shorthand ? ["oneOf": [["type": "string"], entry]] : entry
        return ["type": "object", "additionalProperties": value]
    }

    /// `machine:`: its states (a state may be empty) and events (a payload type alone, or empty).
    static func machine() -> [String: Any] {
        var machine = mapping(of: .machine)
        var properties = machine["properties"] as? [String: Any] ?? [:]
        let empty: [String: Any] = ["type": "null"]
        var state = mapping(of: .machineState)
        var stateProperties = state["properties"] as? [String: Any] ?? [:]
        stateProperties["invoke"] = mapping(of: .invoke).merging(["description": SpecKey.machineState.first { $0.name == "invoke" }!.doc]) { $1 }
        state["properties"] = stateProperties
        properties["states"] = ["type": "object", "additionalProperties": ["oneOf": [empty, state]]]
        properties["events"] = ["type": "object", "additionalProperties": ["oneOf": [empty, ["type": "string"], mapping(of: .machineEvent)]]]
        machine["properties"] = properties
        return machine
    }

    /// A mapping of `place`'s keys, each described by its doc line.
    static func mapping(of place: KeyPlace) -> [String: Any] {
        [
            "type": "object",
            "additionalProperties": false,
            "required": place.requiredKeys,
            "properties": Dictionary(uniqueKeysWithValues: place.specKeys.map { ($0.name, property($0)) }),
        ]
    }

    /// What `key`'s value may be, with its doc line as the description.
    static func property(_ key: SpecKey) -> [String: Any] {
        let string: [String: Any] = ["type": "string"]
        // A target's name, a transition, or a list of them (made only for the keys that take them).
        var transitions: [String: Any] {
            ["oneOf": [string, mapping(of: .transition), ["type": "array", "items": ["oneOf": [string, mapping(of: .transition)]]]]]
        }
        var property: [String: Any] = switch key.value {
        case .text, .name, .type: string
        case .code: ["type": ["string", "number", "boolean"]]
        case .flag: ["type": "boolean"]
        case .seconds: ["type": "number", "exclusiveMinimum": 0]
        case .choice(let words): ["enum": words]
        case .triggers:
            ["oneOf": [["enum": Resource.Trigger.allCases.map(\.rawValue)],
                       ["type": "array", "items": ["enum": Resource.Trigger.allCases.map(\.rawValue)]]]]
        case .names: ["oneOf": [string, ["type": "array", "items": string]]]
        case .modules: ["oneOf": [string, ["type": "array", "items": string]]]
        case .handlers: ["type": "object", "additionalProperties": ["type": ["string", "number", "boolean"]]]
        case .rules: ["type": "object", "additionalProperties": ["type": "array", "minItems": 1, "items": mapping(of: .rule)]]
        case .section: ["type": "object"]
        case .transitions: ["type": "object", "additionalProperties": transitions]
        case .delays: ["type": "object", "additionalProperties": false, "patternProperties": ["^[0-9]*\\.?[0-9]+$": transitions]]
        case .transitionList: transitions
        case .mapping: ["type": "object"]
        case .fields: ["type": "object", "additionalProperties": string]
        case .fieldValues: ["type": "object", "additionalProperties": ["type": ["string", "number", "boolean"]]]
        }
        property["description"] = key.doc
        return property
    }
}
