/// The Unicode scalars that must never reach a terminal from untrusted text: they could move
/// the cursor, change modes, set the title or clipboard, or reorder the text around them. One
/// definition for everything that checks text: the sanitiser, the URL parser.
package enum ControlCharacters {
    /// True for C0 controls, DEL, C1 controls (the 8-bit CSI U+009B among them), and the
    /// bidirectional marks, embeddings, overrides and isolates.
    package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
        case 0x061C, 0x200E, 0x200F: true  // ALM, LRM, RLM
        case 0x202A...0x202E: true  // LRE, RLE, PDF, LRO, RLO
        case 0x2066...0x2069: true  // LRI, RLI, FSI, PDI
        default: false
        }
    }
}
