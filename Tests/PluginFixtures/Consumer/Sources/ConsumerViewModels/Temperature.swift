import Foundation

/// Hand-written helpers that `TemperatureConverter.vm.yaml` calls. This file is also the one
/// Swift source SwiftPM needs to see before it builds a target: a target holding only specs
/// is skipped, and its build plugin never runs.
public enum Temperature {
    /// The number in `text` (surrounding spaces allowed, `,` or `.` as decimal separator).
    public static func celsius(parsing text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        return trimmed.isEmpty ? nil : Double(trimmed)
    }

    /// `celsius` in Fahrenheit, rounded to one decimal: `"98.6 °F"`.
    public static func fahrenheitText(fromCelsius celsius: Double) -> String {
        let fahrenheit = ((celsius * 9 / 5 + 32) * 10).rounded() / 10
        return "\(fahrenheit) °F"
    }
}
