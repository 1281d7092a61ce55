"""Compares Sidewalk's snapshots with py360convert's e2p by PSNR, view by view.
Usage: compare_e2p.py SIDEWALK_BINARY WORK_DIR PANORAMA...
Exits 1 when a view misses its floor: 40 dB within ±20° of pitch, 30 dB beyond."""
import subprocess
import sys

import numpy as np
from PIL import Image

from common import e2p_view, psnr

WIDTH, HEIGHT = 320, 180
HEADINGS = [0, 45, 120, 175, 180, 185, 270, 330]  # 175...185 straddle the ±180° seam
LEVEL_PITCHES = [-20, -10, 0, 10, 20]
STEEP_PITCHES = [-60, -40, 40, 60]


def main():
    binary, work, panoramas = sys.argv[1], sys.argv[2], sys.argv[3:]
    failures = 0
    print(f"PSNR of sidewalk snapshot vs py360convert e2p (bilinear), {WIDTH}x{HEIGHT}, fov 90")
    print(f"{'panorama':<28}{'pitches':<14}{'views':>6}{'min dB':>9}{'mean dB':>9}{'floor':>7}")
    for path in panoramas:
        image = np.asarray(Image.open(path).convert("RGB"))
        for label, pitches, floor in (("within ±20°", LEVEL_PITCHES, 40.0), ("±40°, ±60°", STEEP_PITCHES, 30.0)):
            scores = []
            for heading in HEADINGS:
                for pitch in pitches:
                    out = f"{work}/view.png"
                    subprocess.run([binary, "snapshot", path, "--heading", str(heading), "--pitch", str(pitch),
                                    "--size", f"{WIDTH}x{HEIGHT}", "--output", out], check=True)
                    ours = np.asarray(Image.open(out).convert("RGB"))
                    score = psnr(ours, e2p_view(image, heading, pitch, WIDTH, HEIGHT))
                    scores.append(score)
                    if score < floor:
                        failures += 1
                        print(f"  below floor: {path} heading {heading} pitch {pitch}: {score:.2f} dB")
            name = path.rsplit("/", 1)[-1][:27]
            print(f"{name:<28}{label:<14}{len(scores):>6}{min(scores):>9.2f}{sum(scores) / len(scores):>9.2f}{floor:>7.0f}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
