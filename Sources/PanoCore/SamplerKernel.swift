import CSampler

/// The loops that sample a full sphere (`EquirectSampler`); each gives the same bytes, to the bit.
public enum SamplerKernel: String, Sendable, CaseIterable {
    /// Swift's, in 128-bit vectors: every processor.
    case portable
    /// `CSampler`'s, in 256-bit vectors, the two levels a pixel blends side by side: x86-64
    /// processors with AVX2.
    case avx2

    /// The kernels this processor runs, `portable` first.
    public static let available: [SamplerKernel] = allCases.filter { $0 == .portable || sw_sampler_has_avx2() != 0 }
    /// The fastest of `available`.
    public static let fastest: SamplerKernel = available.last ?? .portable
}
