import Explorer
import Foundation

/// The text of `sidewalk --help` and `--version`.
enum HelpText {
    static let version = "sidewalk 0.1.0"

    /// The KEYS, COMMANDS and MOUSE sections, from the one list the explorer's own help and the
    /// narrator also show (`KeyBindings.help`, `TypedCommand.usage`, `KeyBindings.mouseHelp`).
    static var keys: String {
        func rows(_ list: [(String, String)]) -> String {
            list.map { keys, does in "  " + keys.padding(toLength: 18, withPad: " ", startingAt: 0) + does }.joined(separator: "\n")
        }
        return "KEYS:\n" + rows(KeyBindings.help) + "\n\nCOMMANDS (after :, Enter runs, Escape cancels):\n  "
            + TypedCommand.usage.joined(separator: "   ") + "\n\nMOUSE:\n" + rows(KeyBindings.mouseHelp) + "\n"
    }

    static var usage: String { """
    sidewalk: street-level panoramas in a terminal

    USAGE:
      sidewalk [IMAGE|DATASET] [options]

      IMAGE     a full 360×180 equirectangular JPEG or PNG (2:1)
      DATASET   a folder holding manifest.json and its images (docs/dataset-format.md)
      Without either, the bundled demo town in Assets/demo opens.

    OPTIONS:
      --pano ID       in a dataset, open the panorama with this id
      --at LAT,LNG    in a dataset, open the panorama nearest this place
      --radius M      with --at: how far to look, metres (default 50)
      --source S      with --at: default (indoor or outdoor) or outdoor
      --heading DEG   start facing this compass heading, degrees clockwise from north (default 0)
      --pitch DEG     start looking up (+) or down (-), -90...90 (default 0)
      --zoom Z        start at this linear zoom, 1...5 (default 1)
      --fov DEG       field of view at zoom 1 across the wider side, 1...160 (default 90)
      --color MODE    auto (default), truecolor, 256, 16 or none
      --reduce-motion turn and zoom at once instead of smoothly
      --hide-links, --hide-street-names, --hide-compass, --hide-home, --hide-floor-picker
                      hide the ways on, their street names, the compass, the home control or
                      the floor picker (their keys still work)
      --high-contrast black and white labels and status lines, a yellow focus
      --describe      no picture: say what you face and what changes, line by line (screen readers)
      --headless      no terminal: run --keys "Right 1 Enter" or --script FILE (or standard
                      input) on a simulated clock and print what a screen reader would say
      --no-mouse      leave the mouse to the terminal (to select text); by default drag looks
                      around, the wheel zooms, a click on a way walks it
      --events PATH   write what happens (moves, camera, rendering) to PATH as JSON lines
      --fps N         at most N frames per second, 1...240 (default 30)
      --no-orientation-gestures, --no-zoom-gestures, --no-navigation-gestures, --no-gestures
                      switch off turning, zooming, walking or all of them by key and mouse (programmatic
                      moves still work)
      -h, --help      show this help
      --version       show the version

    OTHER COMMANDS:
      sidewalk open URL [DATASET] ...                         the place and view a shared URL names
      sidewalk snapshot IMAGE|DATASET ... --output OUT.png   one view as .png, .ans or .txt (see snapshot --help)
      sidewalk info DATASET                                   summary and validation of a dataset
      sidewalk import DIR --output DATASET                    a dataset from a folder of 360° photos
      sidewalk bench reproject|encode|data                   measure speed, bytes and memory (see bench --help)

    \(keys)
    EXIT STATUS:
      0 success, 1 unusable input or terminal, 2 bad command line, 3 no imagery near the place
      asked for (--at), 128+N killed by signal N.

    CONFIGURATION:
      $XDG_CONFIG_HOME/sidewalk/config.json (default ~/.config/sidewalk/config.json), e.g.
      {"gestures": {"zoom": false}, "color": "truecolor", "fps": 20}; flags win.

    ENVIRONMENT:
      SIDEWALK_ASSETS   folder holding the bundled assets, if not beside the executable
      NO_COLOR          when set and not empty, no colour (as --color none)
      COLORTERM         truecolor or 24bit: the terminal shows 24-bit colour
    """ }
}
