import Benchmarks
import CompassPanorama
import PanoCore
import PanoImage

extension BenchCommand {
    func runEncode() throws(CommandError) -> Int32 {
        let image = try inputPath.map { (path) throws(CommandError) in try loadInput(path) } ?? CompassSphere.render(width: 2048)
        let (firstFrame, report) = EncodeBenchmark.run(panorama: EquirectPanorama(image: image), colorMode: colorMode)
        if let saveFrameDirectory {
            do { try PNGEncoder.write(firstFrame, to: "\(saveFrameDirectory)/first-frame.png") } catch { throw .image(error) }
        }
        if json {
            Self.printJSON(report)
        } else {
            print("terminal output for a \(report.columns)x\(report.rows)-cell view, \(report.color_mode) colour")
            print(
                "first frame        \(format(report.first_frame_bytes_per_cell)) bytes/cell, encoded in \(format(report.first_frame_encode_ms)) ms"
            )
            print(
                "pan (30 x 2°)      \(format(report.motion_bytes_per_cell)) bytes/cell per frame, encoded in \(format(report.encode_ms)) ms, "
                    + "PSNR \(format(report.motion_psnr_db)) dB (lowest \(format(report.motion_min_psnr_db)) dB), "
                    + "blurred ΔE \(format(report.motion_delta_e_blurred))")
            if let bytes = report.undithered_motion_bytes_per_cell, let deltaE = report.undithered_motion_delta_e_blurred {
                print("pan, nearest only  \(format(bytes)) bytes/cell per frame, blurred ΔE \(format(deltaE))")
            }
            print("exact frame after  \(format(report.stop_frame_bytes_per_cell)) bytes/cell")
            print("idle               \(report.idle_bytes) bytes")
            print("one-digit status   \(report.hud_digit_bytes) bytes")
        }
        return ExitStatus.success
    }
}
