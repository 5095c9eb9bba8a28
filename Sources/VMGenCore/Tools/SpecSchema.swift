import Foundation

/// The JSON Schema (draft 2020-12) of the spec format, built from the same key tables the
/// parser uses, so editors complete and check exactly what vmgen accepts.
public enum SpecSchema {
    public static func json() -> String {
        let data = try! JSONSerialization.data(withJSONObject: schema(), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func schema() -> [String: Any] {
        let string: [String: Any] = ["type": "string"]
        let code: [String: Any] = ["type": ["string", "number", "boolean"], "description": "A Swift expression or statements."]
        func entry(_ keys: [String], required: [String], shorthand: Bool) -> [String: Any] {
            let object: [String: Any] = [
                "type": "object",
                "additionalProperties": false,
                "required": required,
                "properties": Dictionary(uniqueKeysWithValues: keys.map { key -> (String, Any) in
                    switch key {
                    case "input" where keys.contains("initial"): (key, ["type": "boolean"])
                    case "value", "initial", "enabled", "perform", "work", "task", "onValue", "onFailure", "onCompleted", "load", "body", "signature",
                         "each", "id", "make", "update", "holds":
                        (key, code)
                    case "on":
                        (key, ["type": "object", "description": "The parent's statements for each event of a child.",
                               "additionalProperties": code])
                    case "policy": (key, ["enum": Command.Policy.allCases.map(\.rawValue)])
                    case "then":
                        (key, ["type": "string", "description": "A command without input, executed once the `perform`'s transaction is over."])
                    case _ where SectionReader.pacingKeys.contains(key):
                        (key, ["type": "number", "exclusiveMinimum": 0, "description": "Seconds (see `Reactive.Pacer`)."])
                    case "valueOnFailure": (key, ["enum": Resource.ValueOnFailure.allCases.map(\.rawValue)])
                    case "errorWhileLoading": (key, ["enum": Resource.ErrorWhileLoading.allCases.map(\.rawValue)])
                    case "trigger":
                        (key, ["oneOf": [
                            ["enum": Resource.Trigger.allCases.map(\.rawValue)],
                            ["type": "array", "items": ["enum": Resource.Trigger.allCases.map(\.rawValue)]],
                        ]])
                    case "onChange": (key, ["oneOf": [string, ["type": "array", "items": string]]])
                    default: (key, string)
                    }
                }),
            ]
            let value: [String: Any] = shorthand ? ["oneOf": [string, object]] : object
            return ["type": "object", "additionalProperties": value]
        }
        var properties: [String: Any] = [
            "viewModel": ["type": "string", "description": "The name of the generated class."],
            "doc": string,
            "access": ["enum": ["public", "internal"]],
            "imports": ["type": "array", "items": string],
            "lifecycle": ["enum": ["active"]],
            "functions": entry(KeyPlace.function.keys, required: ["signature", "body"], shorthand: false),
            "commands": entry(KeyPlace.command.keys, required: [], shorthand: false),
            "resources": entry(KeyPlace.resource.keys, required: ["type"], shorthand: false),
            "reactions": entry(KeyPlace.reaction.keys, required: ["onChange", "perform"], shorthand: false),
            "invariants": entry(KeyPlace.invariant.keys, required: KeyPlace.invariant.keys, shorthand: false),
            "validation": validation(code: code, string: string),
        ]
        // A resource loads with `load` or with `task`, one of them.
        if var resources = properties["resources"] as? [String: Any], var resource = resources["additionalProperties"] as? [String: Any] {
            resource["oneOf"] = [["required": ["load"]], ["required": ["task"]]]
            resources["additionalProperties"] = resource
            properties["resources"] = resources
        }
        for section in MemberSection.allCases {
            properties[section.rawValue] = entry(section.keys, required: section.requiredKeys, shorthand: section.allowsTypeShorthand)
        }
        // A child is computed by `value`, or kept by id (`each`, `id`, `make`), not both.
        if var children = properties["children"] as? [String: Any], var child = children["additionalProperties"] as? [String: Any] {
            child["oneOf"] = [["required": ["value"]], ["required": ["each", "id", "make"]]]
            children["additionalProperties"] = child
            properties["children"] = children
        }
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "VMGen view-model spec",
            "type": "object",
            "additionalProperties": false,
            "required": ["viewModel"],
            "properties": properties,
        ]
    }

    /// `validation:`: `submit`, `show` and, under `fields`, each input's list of rules.
    static func validation(code: [String: Any], string: [String: Any]) -> [String: Any] {
        let rule: [String: Any] = [
            "type": "object",
            "additionalProperties": false,
            "required": KeyPlace.rule.keys,
            "properties": [
                "rule": code.merging(["description": "A Bool expression that holds when the field is valid."]) { $1 },
                "message": ["type": "string", "description": "What the field shows while the rule does not hold."],
            ],
        ]
        return [
            "type": "object",
            "additionalProperties": false,
            "required": ["fields"],
            "properties": [
                "submit": string.merging(["description": "The command that submits the form."]) { $1 },
                "show": ["enum": Validation.Show.allCases.map(\.rawValue)],
                "fields": [
                    "type": "object",
                    "description": "For each input state value, its rules, checked in order.",
                    "additionalProperties": ["type": "array", "minItems": 1, "items": rule],
                ],
            ],
        ]
    }
}
