#if canImport(Glibc)
import Glibc
#endif

/// Asks the allocator for memory before work that will need it, so that running out is a
/// message (`ImageError.outOfMemory`) instead of an abort inside an allocation Swift cannot
/// recover from (under `ulimit -v`, say).
package enum MemoryProbe {
    /// True when `bytes` could be allocated now (it is, and at once given back).
    package static func canAllocate(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        guard let block = malloc(bytes) else { return false }
        free(block)
        return true
    }
}
