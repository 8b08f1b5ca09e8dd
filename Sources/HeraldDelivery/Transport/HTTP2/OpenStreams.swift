import NIOHTTP2

/// A connection's open streams by id, without hashing: ids are handed out
/// in order, two apart, and answers come back in about that order, so the
/// streams are slots from the oldest one still open. (A dictionary's hash
/// of the id, four times per push, was a few per cent of the worker.)
struct OpenStreams<Value> {
    /// Slot `head` holds stream `first`; the next slot, `first + 2`, and so on.
    private var slots: [Value?] = []
    private var head = 0
    private var first = 1
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    private func slot(_ id: HTTP2StreamID) -> Int? {
        let offset = Int(id) - first
        guard offset >= 0, offset % 2 == 0 else { return nil }
        let slot = head + offset / 2
        return slot < slots.count ? slot : nil
    }

    /// The stream's value; setting one for an id past the last opens it
    /// (ids only grow), setting nil closes it.
    subscript(id: HTTP2StreamID) -> Value? {
        get { slot(id).flatMap { slots[$0] } }
        set {
            if let slot = slot(id) {
                switch (slots[slot] == nil, newValue == nil) {
                case (true, false): count += 1
                case (false, true): count -= 1
                default: break
                }
                slots[slot] = newValue
                if newValue == nil { dropClosedFront() }
                return
            }
            guard let value = newValue else { return }
            let id = Int(id)
            // Nothing open: the slots are empty (`dropClosedFront`), and the window starts here.
            if count == 0 { first = id }
            let next = first + 2 * (slots.count - head)
            guard id >= next, (id - next) % 2 == 0 else { return }
            slots.append(contentsOf: repeatElement(nil, count: (id - next) / 2))
            slots.append(value)
            count += 1
        }
    }

    @discardableResult
    mutating func removeValue(forKey id: HTTP2StreamID) -> Value? {
        let value = self[id]
        if value != nil { self[id] = nil }
        return value
    }

    /// The open streams' ids, oldest first.
    var ids: [HTTP2StreamID] {
        (head..<slots.count).compactMap { slots[$0] == nil ? nil : HTTP2StreamID(first + 2 * ($0 - head)) }
    }

    /// Closes every stream, returning their values.
    mutating func removeAll() -> [Value] {
        let values = slots[head...].compactMap { $0 }
        slots.removeAll(keepingCapacity: true)
        head = 0
        count = 0
        return values
    }

    /// Slots before the oldest open stream are let go; the array is
    /// compacted once half of it is behind.
    private mutating func dropClosedFront() {
        while head < slots.count, slots[head] == nil {
            head += 1
            first += 2
        }
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1_024, head * 2 > slots.count {
            slots.removeFirst(head)
            head = 0
        }
    }
}
