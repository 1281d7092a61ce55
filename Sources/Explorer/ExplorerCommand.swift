/// Something the explorer can be asked to do, whether by a key, a script or a program.
public enum ExplorerCommand: Equatable, Sendable {
    /// Turn the heading by this many degrees (positive is clockwise).
    case turn(degrees: Double)
    /// Change the pitch by this many degrees (positive is up).
    case tilt(degrees: Double)
    /// Multiply the zoom by this factor (> 1 zooms in).
    case zoom(factor: Double)
    /// Leave the explorer.
    case quit
}
