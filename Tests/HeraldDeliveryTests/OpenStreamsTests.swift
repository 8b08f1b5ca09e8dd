import NIOHTTP2
import Testing

@testable import HeraldDelivery

/// The transport's table of open streams: what a dictionary by id would
/// answer, whatever order the answers come back in.
@Suite("Open streams")
struct OpenStreamsTests {
    @Test func answersInAnyOrderLeaveTheTableAsADictionaryWouldBe() {
        var table = OpenStreams<Int>()
        // The open streams, oldest first, with their values.
        var reference: [(id: HTTP2StreamID, value: Int)] = []
        // A fixed sequence (an LCG), so a failure can be replayed.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var next = 1
        for round in 0..<5_000 {
            if draw(3) > 0 || reference.isEmpty {
                let id = HTTP2StreamID(next)
                next += 2
                table[id] = round
                reference.append((id, round))
            } else {
                // Mostly the oldest (answers in order), sometimes any.
                let index = draw(4) == 0 ? draw(reference.count) : 0
                let (id, value) = reference.remove(at: index)
                #expect(table.removeValue(forKey: id) == value)
            }
            if round % 499 == 0 {
                #expect(table.ids == reference.map(\.id))
                #expect(table.count == reference.count)
            }
        }
        for (id, value) in reference { #expect(table[id] == value) }
        #expect(table[HTTP2StreamID(next)] == nil, "not opened yet")
        #expect(table.removeValue(forKey: HTTP2StreamID(next + 2)) == nil)
        #expect(table.removeAll() == reference.map(\.value))
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
