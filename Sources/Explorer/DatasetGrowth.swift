import StreetModel

/// What reading more of a dataset near an arrival gave (a sharded dataset's shards, Panoramax's
/// pictures), for `ExplorerState.grow`.
package enum DatasetGrowth: Sendable {
    /// Nothing was missing there.
    case nothing
    /// A service holding what was read as well.
    case larger(PanoramaService)
    /// A part could not be read: which, and why (`shards/….json: no such file`).
    case notRead(String)
}
