import NIOHTTP2
import Testing

@testable import HeraldDelivery

/// The transport's table of open streams: what a dictionary by id would
/// answer, whatever order the answers come back in.
@Suite("Open streams")
struct OpenStreamsTests {
    @Test func answersInAnyOrderLeaveTheTableAsADictionaryWouldBe() {
        var table = OpenStreams<Int>()
        var reference: [HTTP2StreamID: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        var next = 1
        for round in 0..<20_000 {
            if Int.random(in: 0..<3, using: &generator) > 0 || reference.isEmpty {
                let id = HTTP2StreamID(next)
                next += 2
                table[id] = round
                reference[id] = round
            } else {
                // Mostly the oldest (answers in order), sometimes any.
                let ids = reference.keys.sorted()
                let id = Int.random(in: 0..<4, using: &generator) == 0 ? ids.randomElement(using: &generator)! : ids[0]
                #expect(table.removeValue(forKey: id) == reference.removeValue(forKey: id))
            }
            if round % 997 == 0 {
                #expect(table.ids == reference.keys.sorted())
                #expect(table.count == reference.count)
            }
        }
        for (id, value) in reference { #expect(table[id] == value) }
        #expect(table[HTTP2StreamID(next)] == nil, "not opened yet")
        #expect(table.removeValue(forKey: HTTP2StreamID(next + 2)) == nil)
        #expect(table.removeAll().sorted() == reference.values.sorted())
        #expect(table.isEmpty && table.ids.isEmpty)
        // Open again after everything closed: ids go on growing.
        table[HTTP2StreamID(next)] = 1
        #expect(table.ids == [HTTP2StreamID(next)] && table.count == 1)
    }

    @Test func aMutatedStreamKeepsItsPlace() {
        var table = OpenStreams<String>()
        table[1] = "a"
        table[3] = "b"
        table[5] = "c"
        table[3] = "b, headers read"
        #expect(table[3] == "b, headers read")
        table[1] = nil
        #expect(table.ids == [3, 5])
        #expect(table[1] == nil, "closed")
        table[5] = nil
        table[3] = nil
        #expect(table.isEmpty)
    }
}
