import Foundation
import Testing
import TestSupport
import VMGenCore

/// The generated code grows with the graph (values plus edges), not with sources times what is
/// downstream of them: one commit walks every value once, whatever the number of inputs.
@Suite("Large specs")
struct LargeSpecTests {
    /// `inputs` input values `i0...` and a chain of `values` derived values: `v0` reads every
    /// input, each next one reads the one before and one input. Every input reaches every value.
    static func chainSpec(inputs: Int, values: Int) -> String {
        var lines = ["viewModel: Chain", "state:"]
        for index in 0..<inputs {
            lines.append("  i\(index): { type: Int, initial: \"\(index)\", input: true }")
        }
        lines.append("derived:")
        let allInputs = (0..<inputs).map { "i\($0)" }.joined(separator: " + ")
        lines.append("  v0: { type: Int, value: \(allInputs) }")
        for index in 1..<values {
            lines.append("  v\(index): { type: Int, value: v\(index - 1) &+ i\(index % inputs) }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Generates `spec`, returning the output's size and the seconds it took.
    static func measure(_ spec: String) throws -> (bytes: Int, seconds: Double) {
        let generator = try Generator()
        let start = DispatchTime.now().uptimeNanoseconds
        let output = generator.generate(Data(spec.utf8), file: "Chain.vm.yaml")
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let source = try #require(output.source, "\(output.diagnostics)")
        return (source.utf8.count, seconds)
    }

    @Test("a hundred inputs feeding five thousand values generate in seconds, about as large as ten inputs",
          .tags(.slow), .fastLoopSkips, .timeLimit(.minutes(5)))
    func linearInTheGraph() throws {
        let few = try Self.measure(Self.chainSpec(inputs: 10, values: 5_000))
        let many = try Self.measure(Self.chainSpec(inputs: 100, values: 5_000))
        // The spec has 5,100 values and about 10,000 edges whether 10 or 100 inputs feed it; with
        // one update function per input the output was 77.6 MB for 100 inputs. Absolute times
        // belong to the benchmarks (this is a debug build on a shared machine): here only the
        // growth is checked.
        #expect(many.bytes < 8_000_000, "\(many.bytes) bytes")
        #expect(Double(many.bytes) < 1.3 * Double(few.bytes), "10 inputs: \(few.bytes) bytes, 100: \(many.bytes)")
        #expect(many.seconds < 3 * few.seconds + 1, "10 inputs: \(few.seconds) s, 100: \(many.seconds) s")
    }

    @Test("the commit recomputes each value in one statement, guarded by the inputs that can change it")
    func oneStatementPerValue() throws {
        let source = try #require(generate(Self.chainSpec(inputs: 3, values: 4)))
        let commit = source.components(separatedBy: "func _$recompute() -> Swift.Bool {").last ?? ""
        // Each value is computed when read (only `Int`s read it), so its statement chooses between
        // computing it again (watched) and marking it out of date: too long for one line, the
        // guard, then the choice on the next.
        #expect(commit.contains("""
                    let _v0$changed = (_i0$changed || _i1$changed || _i2$changed) && (_v0.isWatched
                        ? _v0.replace(Self._v0$compute(i0: _i0.value, i1: _i1.value, i2: _i2.value)) : _v0.markStale())

            """))
        #expect(commit.contains("""
                    let _v3$changed = (_v2$changed || _i0$changed) && (_v3.isWatched
                        ? _v3.replace(Self._v3$compute(v2: _v2$fresh(), i0: _i0.value)) : _v3.markStale())

            """))
        #expect(source.components(separatedBy: "_v1.replace(").count == 2)
        #expect(source.components(separatedBy: "_v1.markStale()").count == 2)
    }
}
