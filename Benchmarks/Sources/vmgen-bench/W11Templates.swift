import Foundation
import Mustache
import Stencil

// W11: the template engine for `Templates/` (issue 22, item 3: "choose one template engine by
// measuring"). One operation = lay out the members of a 20-value class from a typed context (a
// doc line, a getter, a setter for inputs, a compute function with one parameter per read), the
// shape a template that decides the code renders for every value. Ours: the Mustache library
// (hummingbird-project/swift-mustache), the context reached through `MustacheParent` (no
// `Mirror`); baseline: the same text written in Swift (the native floor); peer: Stencil, the
// engine of `Templates/` until session 7; `mustache_mirror`: the Mustache library reading the same
// structs through `Mirror`. (vmgen now compiles its Mustache templates itself; W5's render stage
// measures that: docs/benchmarks.md, "Choosing the template engine".) Every variant must give the same text (the checksums are its UTF-8 bytes summed).
// (Stencil's smart trimming drops the space of an inline `, ` between tags; a string literal,
// `{{ ", " }}`, keeps it.)

enum W11 {
    static let renders = 300

    struct Value { var name: String; var type: String; var doc: String; var isInput: Bool; var reads: [Read] }
    struct Read { var name: String; var type: String; var isLast: Bool }
    struct Context { var name: String; var values: [Value] }

    static let context = Context(name: "Example", values: (0..<20).map { index in
        Value(name: "value\(index)", type: index.isMultiple(of: 2) ? "Int" : "[String]", doc: "The value \(index) <of> \"many\".",
              isInput: index.isMultiple(of: 3),
              reads: (0..<3).map { Read(name: "read\($0)", type: "Int", isLast: $0 == 2) })
    })

    static let stencilText = """
    final class {{ name }} {
    {% for value in values %}

        /// {{ value.doc }}
        public var {{ value.name }}: {{ value.type }} {
            get { _$access(\\.{{ value.name }}); return _{{ value.name }} }
    {% if value.isInput %}
            set { _$transaction { $0._{{ value.name }} = newValue } }
    {% endif %}
        }

        private static func _{{ value.name }}$compute({% for read in value.reads %}{{ read.name }}: {{ read.type }}{% if not read.isLast %}{{ ", " }}{% endif %}{% endfor %}) -> {{ value.type }} {
            fatalError()
        }
    {% endfor %}
    }

    """

    static let mustacheText = """
    {{% CONTENT_TYPE: TEXT}}
    final class {{name}} {
    {{#values}}

        /// {{doc}}
        public var {{name}}: {{type}} {
            get { _$access(\\.{{name}}); return _{{name}} }
            {{#isInput}}
            set { _$transaction { $0._{{name}} = newValue } }
            {{/isInput}}
        }

        private static func _{{name}}$compute({{#reads}}{{name}}: {{type}}{{^isLast}}, {{/isLast}}{{/reads}}) -> {{type}} {
            fatalError()
        }
    {{/values}}
    }

    """

    static func native(_ context: Context) -> String {
        var text = "final class \(context.name) {\n"
        for value in context.values {
            text += "\n    /// \(value.doc)\n    public var \(value.name): \(value.type) {\n"
            text += "        get { _$access(\\.\(value.name)); return _\(value.name) }\n"
            if value.isInput { text += "        set { _$transaction { $0._\(value.name) = newValue } }\n" }
            text += "    }\n\n    private static func _\(value.name)$compute("
            text += value.reads.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            text += ") -> \(value.type) {\n        fatalError()\n    }\n"
        }
        return text + "}\n"
    }

    /// The context for Mustache without `Mirror`: each struct answers its own fields.
    struct ParentContext: MustacheParent {
        var context: Context
        func child(named name: String) -> Any? {
            switch name {
            case "name": context.name
            case "values": context.values.map(ParentValue.init)
            default: nil
            }
        }
    }

    struct ParentValue: MustacheParent {
        var value: Value
        func child(named name: String) -> Any? {
            switch name {
            case "name": value.name
            case "type": value.type
            case "doc": value.doc
            case "isInput": value.isInput
            case "reads": value.reads.map(ParentRead.init)
            default: nil
            }
        }
    }

    struct ParentRead: MustacheParent {
        var read: Read
        func child(named name: String) -> Any? {
            switch name {
            case "name": read.name
            case "type": read.type
            case "isLast": read.isLast
            default: nil
            }
        }
    }

    static func run(_ render: () -> String) -> Sample {
        var bytes = 0
        let elapsed = timed {
            for _ in 0..<renders { bytes &+= render().utf8.reduce(0) { $0 &+ Int($1) } }
        }
        return Sample(nanoseconds: elapsed, checksum: bytes)
    }

    @MainActor
    static func workload() throws -> Workload {
        let environment = Environment(trimBehaviour: .smart)
        let stencil = environment.templateClass.init(templateString: stencilText, environment: environment)
        let mustache = try MustacheTemplate(string: mustacheText)
        let stencilContext: [String: Any] = ["name": context.name, "values": context.values]
        return Workload(
            name: "W11",
            unit: "ns per layout of a 20-value class from a typed context",
            operations: renders,
            ours: Variant(name: "ours") { run { mustache.render(ParentContext(context: context)) } },
            baseline: Variant(name: "baseline") { run { native(context) } },
            // A Stencil error renders nothing, and the checksums then differ.
            peer: Variant(name: "peer") { run { (try? stencil.render(stencilContext)) ?? "" } },
            others: [Variant(name: "mustache_mirror") { run { mustache.render(context) } }],
            warmUpRounds: 1,
            rounds: 7,
            extra: { medians in "mustache_mirror=\(format(medians["mustache_mirror"]!))" }
        )
    }
}
