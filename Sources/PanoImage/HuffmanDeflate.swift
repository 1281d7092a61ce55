/// Deflate (RFC 1951) of literals alone, each block with a Huffman code fitted to its bytes. It
/// looks for no repeats, so it is several times quicker than zlib's fastest level; on filtered
/// image rows, mostly small differences, a 1600×900 frame keeps 22–48% of its bytes
/// (`sidewalk bench pixels`, the frame PNG rows).
enum HuffmanDeflate {
    /// Longest code deflate allows for literals, in bits.
    static let maxCodeBits = 15
    /// Longest code for the code-length alphabet, in bits.
    static let maxLengthCodeBits = 7
    /// The order code-length code lengths are sent in (RFC 1951, 3.2.7).
    static let lengthCodeOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    /// The end of a stream: an empty final stored block.
    static let finalBlock: [UInt8] = [0x01, 0x00, 0x00, 0xFF, 0xFF]

    /// Appends `bytes` to `out` as one non-final block with a dynamic Huffman code, then an empty
    /// stored block, which ends the output on a byte boundary (what zlib's Z_SYNC_FLUSH writes), so
    /// pieces compressed apart join into one stream by concatenation.
    static func appendBlock(_ bytes: UnsafeBufferPointer<UInt8>, histogram: [Int], to out: inout [UInt8]) {
        var frequencies = histogram + [1]  // symbol 256 ends the block
        // Two used symbols at least keep the code complete, as inflate requires.
        if frequencies.filter({ $0 > 0 }).count < 2 { frequencies[frequencies[0] == 0 ? 0 : 1] = 1 }
        let lengths = codeLengths(frequencies, limit: maxCodeBits)
        // Literal/length code lengths, then one distance code of no bits (literals only).
        let sent = lengths + [0]
        var lengthFrequencies = [Int](repeating: 0, count: 19)
        for length in sent { lengthFrequencies[length] += 1 }
        if lengthFrequencies.filter({ $0 > 0 }).count < 2 { lengthFrequencies[lengthFrequencies[0] == 0 ? 0 : 1] = 1 }
        let lengthCodeLengths = codeLengths(lengthFrequencies, limit: maxLengthCodeBits)
        let lengthCodes = canonicalCodes(lengthCodeLengths)
        let codes = canonicalCodes(lengths)
        let codeLengthsSent = max(4, (lengthCodeOrder.lastIndex { lengthCodeLengths[$0] > 0 } ?? 0) + 1)

        var writer = BitWriter(capacity: bytes.count * 2 + 512)
        writer.write(0b100, bits: 3)  // not final; type 2, dynamic Huffman
        writer.write(UInt64(lengths.count - 257), bits: 5)
        writer.write(0, bits: 5)  // one distance code
        writer.write(UInt64(codeLengthsSent - 4), bits: 4)
        for symbol in lengthCodeOrder.prefix(codeLengthsSent) { writer.write(UInt64(lengthCodeLengths[symbol]), bits: 3) }
        for length in sent { writer.write(UInt64(lengthCodes[length]), bits: lengthCodeLengths[length]) }
        // Each literal's reversed code and length in one word: code << 5 | length.
        var table = [UInt32](repeating: 0, count: 256)
        for symbol in 0..<256 { table[symbol] = codes[symbol] << 5 | UInt32(lengths[symbol]) }
        table.withUnsafeBufferPointer { writer.writeLiterals(bytes, table: $0) }
        writer.write(UInt64(codes[256]), bits: lengths[256])
        // An empty stored block: 3 header bits, then LEN 0 and NLEN 0xFFFF on the next byte boundary.
        writer.write(0, bits: 3)
        writer.alignToByte()
        writer.appendBytes([0x00, 0x00, 0xFF, 0xFF])
        out += writer.bytes
    }

    /// Optimal Huffman code lengths for `frequencies`, none longer than `limit` (frequencies are
    /// halved until they fit); unused symbols get 0.
    static func codeLengths(_ frequencies: [Int], limit: Int) -> [Int] {
        var weights = frequencies
        while true {
            let lengths = huffmanLengths(weights)
            if (lengths.max() ?? 0) <= limit { return lengths }
            weights = weights.map { $0 == 0 ? 0 : ($0 + 1) / 2 }
        }
    }

    /// Huffman code lengths, unbounded: the two lightest trees joined until one is left, with
    /// leaves sorted once and joined trees queued in the order made (they come out ascending).
    private static func huffmanLengths(_ weights: [Int]) -> [Int] {
        var lengths = [Int](repeating: 0, count: weights.count)
        let leaves = weights.indices.filter { weights[$0] > 0 }.sorted { (weights[$0], $0) < (weights[$1], $1) }
        guard leaves.count > 1 else {
            if let only = leaves.first { lengths[only] = 1 }
            return lengths
        }
        // Nodes 0..<count are the leaves in order; joined trees follow. parent[node] is an index.
        var nodeWeight = leaves.map { weights[$0] }
        var parent = [Int](repeating: -1, count: leaves.count)
        var nextLeaf = 0
        var nextJoined = leaves.count
        func lightest() -> Int {
            let takeLeaf = nextLeaf < leaves.count && (nextJoined >= nodeWeight.count || nodeWeight[nextLeaf] <= nodeWeight[nextJoined])
            if takeLeaf {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextJoined += 1
            return nextJoined - 1
        }
        for _ in 1..<leaves.count {
            let a = lightest()
            let b = lightest()
            parent[a] = nodeWeight.count
            parent[b] = nodeWeight.count
            nodeWeight.append(nodeWeight[a] + nodeWeight[b])
            parent.append(-1)
        }
        // Depths from the root down: a parent always comes after its children.
        var depth = [Int](repeating: 0, count: nodeWeight.count)
        for node in stride(from: nodeWeight.count - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        for (node, symbol) in leaves.enumerated() { lengths[symbol] = depth[node] }
        return lengths
    }

    /// Canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed as deflate writes them.
    static func canonicalCodes(_ lengths: [Int]) -> [UInt32] {
        var count = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { count[length] += 1 }
        var next = [UInt32](repeating: 0, count: 16)
        var code: UInt32 = 0
        for bits in 1..<16 {
            code = (code + UInt32(count[bits - 1])) << 1
            next[bits] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = next[length]
            next[length] += 1
            var reversed: UInt32 = 0
            for bit in 0..<length where value & (1 << UInt32(bit)) != 0 { reversed |= 1 << UInt32(length - 1 - bit) }
            return reversed
        }
    }
}

/// Bits written least significant first into bytes, as deflate packs them.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var pendingBits = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes the low `bits` (0...32) bits of `value`.
    mutating func write(_ value: UInt64, bits: Int) {
        pending |= value << UInt64(pendingBits)
        pendingBits += bits
        while pendingBits >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingBits -= 8
        }
    }

    /// Writes each byte's code from `table` (code << 5 | length): the hot loop, on raw memory.
    mutating func writeLiterals(_ input: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt32>) {
        guard let source = input.baseAddress, let codes = table.baseAddress else { return }
        // Up to 15 bits a byte, plus what is pending and slack for the 8-byte stores; not cleared,
        // as only what is written is kept.
        let room = input.count * 2 + 16
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: 8)
        defer { scratch.deallocate() }
        var word = PendingWord(bits: pending, count: UInt64(pendingBits))
        var offset = 0
        // Three codes (at most 45 bits) join the fewer than 8 bits pending, then every whole
        // byte goes out in one 8-byte store: no branch on how full the word is.
        var i = 0
        while i + 3 <= input.count {
            word.add(codes[Int(source[i])])
            word.add(codes[Int(source[i &+ 1])])
            word.add(codes[Int(source[i &+ 2])])
            word.storeWholeBytes(to: scratch, at: &offset)
            i &+= 3
        }
        while i < input.count {
            word.add(codes[Int(source[i])])
            word.storeWholeBytes(to: scratch, at: &offset)
            i &+= 1
        }
        bytes += UnsafeRawBufferPointer(start: scratch, count: offset)
        pending = word.bits
        pendingBits = Int(word.count)
        while self.pendingBits >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: self.pending))
            self.pending >>= 8
            self.pendingBits -= 8
        }
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() {
        if pendingBits > 0 { write(0, bits: 8 - pendingBits) }
    }

    /// Appends whole bytes; the writer must be byte-aligned.
    mutating func appendBytes(_ more: [UInt8]) {
        bytes += more
    }
}

/// The literal loop's bits not yet stored: fewer than 8 between stores.
private struct PendingWord {
    var bits: UInt64
    var count: UInt64

    /// Appends a code from the table (code << 5 | length).
    @inline(__always)
    mutating func add(_ entry: UInt32) {
        bits |= UInt64(entry &>> 5) &<< count
        count &+= UInt64(entry & 31)
    }

    /// Stores all 8 bytes at `offset` and advances it by the whole bytes among them.
    @inline(__always)
    mutating func storeWholeBytes(to out: UnsafeMutableRawPointer, at offset: inout Int) {
        out.storeBytes(of: bits.littleEndian, toByteOffset: offset, as: UInt64.self)
        let whole = count & ~7
        offset &+= Int(whole &>> 3)
        bits &>>= whole  // whole <= 48: fewer than 8 bits were pending
        count &-= whole
    }
}
