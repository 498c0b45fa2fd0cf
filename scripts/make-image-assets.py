#!/usr/bin/env python3
"""Writes Assets/Images/scene-00.png … scene-11.png: 384x384 procedural landscapes (sky, sun, hills,
water), made from nothing but arithmetic, so they are ours to license CC0 (Assets/README.md).
Standard library only (zlib + struct)."""
import math, os, struct, zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Images")
SIZE = 384

def png(path, w, h, rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    def chunk(t, d):
        c = struct.pack(">I", len(d)) + t + d
        return c + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(data)

def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))

PALETTES = [  # sky top, sky horizon, sun, far hills, near hills, water
    ((40, 90, 170), (250, 190, 120), (255, 240, 200), (90, 80, 120), (40, 50, 70), (60, 90, 140)),
    ((20, 30, 80), (240, 120, 90), (255, 220, 150), (110, 60, 90), (50, 30, 60), (80, 60, 110)),
    ((90, 170, 230), (200, 230, 250), (255, 255, 230), (90, 140, 110), (40, 100, 60), (50, 130, 170)),
    ((10, 20, 50), (60, 70, 140), (240, 240, 255), (40, 50, 90), (20, 25, 45), (30, 40, 80)),
    ((250, 160, 90), (255, 225, 170), (255, 250, 220), (190, 110, 80), (120, 60, 50), (200, 130, 100)),
    ((120, 190, 220), (230, 240, 220), (255, 255, 240), (140, 170, 120), (80, 120, 70), (90, 160, 170)),
]

def landscape(seed):
    pal = PALETTES[seed % len(PALETTES)]
    sky_top, horizon, sun, far, near, water = pal
    sun_x = 0.25 + 0.5 * ((seed * 0.37) % 1.0)
    sun_y = 0.25 + 0.2 * ((seed * 0.61) % 1.0)
    sea = 0.72 + 0.06 * ((seed * 0.23) % 1.0)
    ph = seed * 1.7
    rows = []
    for y in range(SIZE):
        v = y / SIZE
        row = bytearray()
        for x in range(SIZE):
            u = x / SIZE
            c = mix(sky_top, horizon, (v / sea) ** 1.4)
            d = math.hypot(u - sun_x, (v - sun_y) * 1.0)
            if d < 0.07:
                c = sun
            elif d < 0.2:
                c = mix(sun, c, (d - 0.07) / 0.13 * 0.5 + 0.5)
            h1 = 0.52 + 0.06 * math.sin(u * 7 + ph) + 0.03 * math.sin(u * 17 + ph * 2)
            h2 = 0.62 + 0.05 * math.sin(u * 5 + ph * 1.3 + 1) + 0.02 * math.sin(u * 23 + ph)
            if v > h1:
                c = mix(far, horizon, 0.25 - (v - h1))
            if v > h2:
                c = mix(near, far, 0.3 - (v - h2) * 2)
            if v > sea:
                ripple = 0.5 + 0.5 * math.sin(v * 180 + math.sin(u * 12 + ph) * 2)
                refl = math.exp(-((u - sun_x) * 9) ** 2) * (1 - (v - sea) * 2.5)
                c = mix(water, sun, max(0.0, refl) * 0.55 * ripple)
                c = mix(c, horizon, 0.15 * (1 - (v - sea) * 3))
            row += bytes(int(max(0, min(255, k))) for k in c)
        rows.append(row)
    return rows

os.makedirs(OUT, exist_ok=True)
for i in range(12):
    png(os.path.join(OUT, "scene-%02d.png" % i), SIZE, SIZE, landscape(i))
print("wrote 12 images to", os.path.normpath(OUT))
