import Explorer
import ExplorerView
import PanoCore
import PanoImage
import StreetMap
import StreetModel
import TermRender

extension SnapshotCommand {
    /// The map around `panorama`, as the explorer's `M` opens it: a PNG (8×16 pixels a cell) or
    /// ANSI art of the output's size.
    func mapSnapshot(_ service: PanoramaService, at panorama: Panorama, camera: PanoramaCamera, basemap: (any Basemap)?) -> [UInt8] {
        var state = ExplorerState(camera: camera, panorama: panorama, service: service)
        state.perform(TypedCommand.map)
        let (width, height) = kind == .ans ? outputSize : (outputSize.width / MapRaster.cellWidth, outputSize.height / MapRaster.cellHeight)
        var grid = CellGrid(
            columns: max(1, width), rows: max(1, height),
            filling: Cell(glyph: " ", foreground: .white, background: HUDColors.standard.panelBackground))
        var display = DisplayOptions()
        display.basemap = basemap
        MapLayer.draw(state, display: display, into: &grid, top: 0, bottom: 0)
        guard kind == .png else { return AnsiArt.encode(grid, colorMode: colorMode) }
        let image = MapRaster.image(of: grid)
        let png = (try? PNGEncoder.encode(image, name: "map")) ?? []
        return PNGEncoder.adding(texts: [("Source", "map around \(panorama.id)")], to: png)
    }
}
