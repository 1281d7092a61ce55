"""Times py360convert's e2p on the sources, sizes and views of `sidewalk bench reproject --json`
and prints both with the ratio. Usage: bench_e2p.py SIDEWALK_JSON"""
import json
import statistics
import sys
import time

import numpy as np
from PIL import Image

from common import e2p_view

ROUNDS = 2


def main():
    report = json.load(open(sys.argv[1]))
    views = report["views"]
    ours = {(r["source"], r["size"], r["threads"]): r["median_ms"] for r in report["reproject"]}
    cores = report["cores"]
    print(f"reprojection, median ms per view over {len(views)} views; py360convert e2p (bilinear) vs sidewalk")
    print(f"{'source':<11}{'size':<9}{'py360convert':>13}{'sidewalk 1t':>13}{'ratio':>8}{f'sidewalk {cores}t':>13}{'ratio':>8}")
    for source, path in sorted(report["source_files"].items()):
        image = np.asarray(Image.open(path).convert("RGB"))
        for size in sorted({r["size"] for r in report["reproject"]}, key=lambda s: int(s.split("x")[0])):
            width, height = (int(v) for v in size.split("x"))
            times = []
            e2p_view(image, 0, 0, width, height)  # warm up
            for _ in range(ROUNDS):
                for heading, pitch in views:
                    start = time.perf_counter()
                    e2p_view(image, heading, pitch, width, height)
                    times.append((time.perf_counter() - start) * 1000)
            reference = statistics.median(times)
            single = ours[(source, size, 1)]
            multi = ours.get((source, size, cores), single)
            print(f"{source:<11}{size:<9}{reference:>13.3f}{single:>13.3f}{reference / single:>7.1f}x"
                  f"{multi:>13.3f}{reference / multi:>7.1f}x")


if __name__ == "__main__":
    main()
