/// How loud a volume level sounds; `Volume.vm.yaml` derives it, so the generated view model
/// uses a type written by hand in the consumer's own target.
public enum Loudness: Equatable, Sendable {
    case silent, quiet, loud

    public init(level: Int) {
        switch level {
        case ...0: self = .silent
        case 1...5: self = .quiet
        default: self = .loud
        }
    }
}
