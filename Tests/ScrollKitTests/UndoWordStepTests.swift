// Undo of typing a word at a time (issue 41): text that arrives several characters at once (a script's or an input
// method's `text` event) makes the same undo steps as the same characters typed one by one, the documented rule
// ("one undo step until a word starts after a space") applied at every character.

import Testing
@testable import ScrollKit

@Suite("Undo: typing a word at a time, whatever the pieces the text came in")
struct UndoWordStepTests {
    /// The texts undo goes back through, from the last edit to the first: undo until nothing is left to undo.
    func undoTexts(_ model: TextEditingModel) -> [String] {
        var m = model, texts: [String] = []
        while m.undo() { texts.append(m.text) }
        return texts
    }

    @Test("\"maria\" then \" x\": one undo takes the word x away, the next the word maria")
    func aSpaceThenAWordAfterAWord() {
        var model = TextEditingModel()
        model.insert("maria")
        model.insert(" x")
        #expect(model.text == "maria x")
        #expect(undoTexts(model) == ["maria ", ""])
        // Typed key by key, the same steps.
        var typed = TextEditingModel()
        for c in "maria x" { typed.insert(String(c)) }
        #expect(undoTexts(typed) == ["maria ", ""])
        // Redo replays them in order.
        model.undo(); model.undo()
        model.redo()
        #expect(model.text == "maria ")
        model.redo()
        #expect(model.text == "maria x" && model.caret == 7)
    }

    @Test("a text event of several words is undone a word at a time, as typing it is")
    func severalWordsInOneEvent() {
        var model = TextEditingModel(text: "")
        model.insert("one two  three")
        #expect(undoTexts(model) == ["one two  ", "one ", ""])
    }

    /// Random texts of words and spaces (Latin and Arabic letters), cut into random pieces: inserting the pieces
    /// gives the undo history of typing the text one character at a time (the oracle), and each step undone
    /// takes at most one word away.
    @Test(arguments: 0..<40)
    func piecesUndoLikeKeys(seed: Int) {
        var random = SeededRandom(state: 0x5EED_0000 &+ UInt64(seed) &* 0x9E37_79B9)
        let alphabet: [Character] = ["a", "b", "ر", "م", " ", " ", "\u{00E9}"]
        var text = ""
        for _ in 0..<(5 + random.int(30)) { text.append(alphabet[random.int(alphabet.count)]) }
        var keys = TextEditingModel()
        for c in text { keys.insert(String(c)) }
        var pieces = TextEditingModel()
        var rest = Substring(text)
        while !rest.isEmpty {
            let n = 1 + random.int(min(6, rest.count))
            pieces.insert(String(rest.prefix(n)))
            rest = rest.dropFirst(n)
        }
        #expect(pieces.text == text && keys.text == text)
        let oracle = undoTexts(keys)
        #expect(undoTexts(pieces) == oracle, "\"\(text)\"")
        // Each step removes at most one word (and the spaces around it).
        var previous = text
        for undone in oracle {
            let removed = previous.dropFirst(undone.count)
            #expect(previous.hasPrefix(undone))
            #expect(removed.split(separator: " ").count <= 1, "one undo removed \"\(removed)\" of \"\(text)\"")
            previous = undone
        }
    }

    @Test("typing over a selection: the replaced text comes back with the first step, the words go one at a time")
    func overASelection() {
        var model = TextEditingModel(text: "hello")
        model.selectAll()
        model.insert("ab cd")
        #expect(model.text == "ab cd")
        model.undo()
        #expect(model.text == "ab ")
        model.undo()
        #expect(model.text == "hello" && model.selection == 0..<5)
    }
}
