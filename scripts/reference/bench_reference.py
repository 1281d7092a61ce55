"""Times Sidewalk's reprojection against py360convert's e2p and OpenCV's remap, on one thread,
interleaved round by round, and prints medians and ratios.
Usage: bench_reference.py SIDEWALK_BINARY WORK_DIR [sidewalk bench reproject arguments...]

Each round runs `sidewalk bench reproject --threads 1 --json`, then times OpenCV on the same
sources, sizes and views: a new view (its map built with numpy, then cv2.remap) and a turn
(cv2.remap again with the map kept, float or fixed-point, whichever is faster), bilinear,
BORDER_WRAP; then py360convert's e2p (bilinear) on a fifth of the views, so that across the
rounds it sees each view once."""
import json
import math
import statistics
import subprocess
import sys
import time

import cv2
import numpy as np
from PIL import Image

from common import e2p_view

# Five rounds, so that a stretch of a few seconds in which a shared machine runs everything slower
# (seen on the test machine in about one run in three, for either side) moves no median.
ROUNDS = 5


def view_map(source_width, source_height, width, height, heading, pitch, fov=90.0):
    """Source coordinates (float32 maps) of each pixel centre of Sidewalk's camera."""
    focal = max(width, height) / 2 / math.tan(math.radians(fov) / 2)
    xs = np.arange(width, dtype=np.float32) + 0.5 - width / 2
    ys = height / 2 - (np.arange(height, dtype=np.float32) + 0.5)
    x, y = np.meshgrid(xs, ys)
    z = np.full_like(x, focal)
    p, h = math.radians(pitch), math.radians(heading)
    y2 = y * math.cos(p) + z * math.sin(p)
    z2 = -y * math.sin(p) + z * math.cos(p)
    x3 = x * math.cos(h) + z2 * math.sin(h)
    z3 = -x * math.sin(h) + z2 * math.cos(h)
    longitude = np.arctan2(x3, z3)
    latitude = np.arctan2(y2, np.hypot(x3, z3))
    map_x = ((longitude / (2 * math.pi) + 0.5) * source_width - 0.5).astype(np.float32)
    map_y = ((0.5 - latitude / math.pi) * source_height - 0.5).astype(np.float32)
    return map_x, map_y


def remap(image, map_x, map_y):
    return cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)


def timed(function):
    start = time.perf_counter()
    function()
    return (time.perf_counter() - start) * 1000


def time_opencv(image, width, height, views):
    """Per view: ms for a new view (map and remap), for a turn with a float map, and with a fixed map."""
    fresh, turn_float, turn_fixed = [], [], []
    source_height, source_width = image.shape[:2]
    for heading, pitch in views:
        start = time.perf_counter()
        map_x, map_y = view_map(source_width, source_height, width, height, heading, pitch)
        remap(image, map_x, map_y)
        fresh.append((time.perf_counter() - start) * 1000)
        turn_float.append(timed(lambda: remap(image, map_x, map_y)))
        fixed = cv2.convertMaps(map_x, map_y, cv2.CV_16SC2)
        turn_fixed.append(timed(lambda: remap(image, *fixed)))
    return fresh, turn_float, turn_fixed


def main():
    binary, work, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    cv2.setNumThreads(1)
    ours = {}
    reference = {}
    images = {}
    for round_index in range(ROUNDS):
        arguments = [binary, "bench", "reproject", "--threads", "1", "--json"] + extra
        if round_index == 0:
            arguments += ["--save-sources", work]
        report = json.loads(subprocess.run(arguments, check=True, capture_output=True, text=True).stdout)
        if round_index == 0:
            views = report["views"]
            images = {name: np.ascontiguousarray(np.asarray(Image.open(path).convert("RGB")))
                      for name, path in sorted(report["source_files"].items())}
        for row in report["reproject"]:
            key = (row["source"], row["size"])
            ours.setdefault(key, {"new": [], "turn": []})
            ours[key]["new"].append(row["median_ms"])
            ours[key]["turn"].append(row["turn_median_ms"])
        for (source, size) in ours:
            width, height = (int(v) for v in size.split("x"))
            entry = reference.setdefault((source, size), {"cv new": [], "cv float": [], "cv fixed": [], "py360": []})
            fresh, turn_float, turn_fixed = time_opencv(images[source], width, height, views)
            entry["cv new"].append(statistics.median(fresh))
            entry["cv float"].append(statistics.median(turn_float))
            entry["cv fixed"].append(statistics.median(turn_fixed))
            share = views[round_index::ROUNDS]
            e2p_view(images[source], 0, 0, width, height)  # warm up
            entry["py360"] += [timed(lambda: e2p_view(images[source], h, p, width, height)) for h, p in share]

    print(f"reprojection on one thread, medians over {len(views)} views and {ROUNDS} interleaved rounds (ms per view)")
    print("new view: a new heading and pitch (Sidewalk rebuilds its ray table, OpenCV its map); "
          "turn: Sidewalk's ray table kept, OpenCV's map kept")
    header = (f"{'source':<11}{'size':<10}{'py360conv':>10}{'cv2 new':>9}{'sidewalk':>10}{'vs py360':>10}{'vs cv2':>8}"
              f"{'cv2 turn':>10}{'sidewalk':>10}{'vs cv2':>8}")
    print(header)
    for (source, size), entry in sorted(reference.items(), key=lambda item: (item[0][0], int(item[0][1].split("x")[0]))):
        py360 = statistics.median(entry["py360"])
        cv_new = statistics.median(entry["cv new"])
        cv_turn = min(statistics.median(entry["cv float"]), statistics.median(entry["cv fixed"]))
        new = statistics.median(ours[(source, size)]["new"])
        turn = statistics.median(ours[(source, size)]["turn"])
        print(f"{source:<11}{size:<10}{py360:>10.2f}{cv_new:>9.2f}{new:>10.2f}{py360 / new:>9.1f}x{cv_new / new:>7.2f}x"
              f"{cv_turn:>10.2f}{turn:>10.2f}{cv_turn / turn:>7.2f}x")
    print("ratios above 1 mean Sidewalk is faster; Sidewalk samples trilinearly from a mip pyramid, "
          "the others bilinearly from the full image")


if __name__ == "__main__":
    main()
