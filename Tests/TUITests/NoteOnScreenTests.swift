import Explorer
import ExplorerView
import TUI
import Testing

@Suite("Notes on screen")
struct NoteOnScreenTests {
    @Test("a note drawn late stays its whole lifetime from when it was drawn, once (a busy machine must not hide it)")
    func lateNoteStays() {
        var state = ExplorerState()
        var onScreen = NoteOnScreen()
        state.handle(.character("w"), at: 10)
        #expect(state.note == "no way forward" && state.noteExpiry == 10 + StatusNote.lifetime)
        onScreen.drawn(&state, at: 13)
        #expect(state.noteExpiry == 13 + StatusNote.lifetime)
        onScreen.drawn(&state, at: 15)
        #expect(state.noteExpiry == 13 + StatusNote.lifetime, "later frames with the same note change nothing")
        state.handle(.character("w"), at: 16)
        onScreen.drawn(&state, at: 19)
        #expect(state.noteExpiry == 19 + StatusNote.lifetime, "the same words given again are a new note")
    }
}
