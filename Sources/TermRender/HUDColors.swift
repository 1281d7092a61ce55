import PanoCore

/// The colours of everything drawn over the view: status lines, labels, the focus, pins and
/// panels. `highContrast` is for low vision: black and white with a yellow focus, every text
/// pair above 15:1. Colour never carries meaning alone: the focused label is also marked "»".
public struct HUDColors: Equatable, Sendable {
    public var statusForeground: RGB
    public var statusBackground: RGB
    public var labelForeground: RGB
    public var labelBackground: RGB
    public var focusForeground: RGB
    public var focusBackground: RGB
    public var pin: RGB
    public var panelBackground: RGB
    public var panelTitle: RGB

    public static let standard = HUDColors(
        statusForeground: RGB(235, 235, 235), statusBackground: RGB(30, 30, 46),
        labelForeground: RGB(255, 255, 255), labelBackground: RGB(20, 60, 130),
        focusForeground: RGB(0, 0, 0), focusBackground: RGB(255, 190, 40),
        pin: RGB(226, 60, 50), panelBackground: RGB(20, 24, 38), panelTitle: RGB(255, 220, 120)
    )

    public static let highContrast = HUDColors(
        statusForeground: RGB(255, 255, 255), statusBackground: RGB(0, 0, 0),
        labelForeground: RGB(255, 255, 255), labelBackground: RGB(0, 0, 0),
        focusForeground: RGB(0, 0, 0), focusBackground: RGB(255, 255, 0),
        pin: RGB(255, 0, 255), panelBackground: RGB(0, 0, 0), panelTitle: RGB(255, 255, 0)
    )
}
