"""Shared by the reference scripts: how Sidewalk's camera maps onto py360convert's e2p."""
import math

import numpy as np
import py360convert


def e2p_view(image, heading, pitch, width, height, fov=90.0, zoom=1.0, center_heading=0.0):
    """py360convert's bilinear e2p for the view Sidewalk's camera sees.

    Sidewalk's fov spans the edges of the wider side at zoom 1; zoom N narrows it to
    2*atan(tan(fov/2)/N). py360convert's fov spans the centres of the outermost pixels, so each
    side's fov is converted: tan(half) shrinks by (pixels - 1) / pixels.
    """
    half = math.tan(math.radians(fov) / 2) / zoom
    span = max(width, height)
    h_fov = 2 * math.degrees(math.atan(half * (width - 1) / span))
    v_fov = 2 * math.degrees(math.atan(half * (height - 1) / span))
    u = (heading - center_heading + 180) % 360 - 180
    return py360convert.e2p(image, (h_fov, v_fov), u, pitch, (height, width), mode="bilinear")


def psnr(a, b):
    """Peak signal-to-noise ratio of two uint8 arrays, in dB."""
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)
