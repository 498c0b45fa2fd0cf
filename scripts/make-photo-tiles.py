#!/usr/bin/env python3
"""Writes Assets/Photo/: the tile pyramid of the gallery's `photo` scene (issue 17), its pyramid.json
and its LICENSE.txt, all from one freely licensed photograph.

The source: "Dragonfly" by "Bolly" (2018), 4224 x 3168 pixels, CC BY-SA 4.0 (per the Debian copyright
stanza `Files: 16.04/Dragonfly_by_Bolly.jpg`). It is one of the Ubuntu Touch 16.04 wallpapers of
lomiri-wallpapers (upstream https://gitlab.com/ubports/development/core/lomiri-wallpapers, file
`16.04/Dragonfly_by_Bolly.jpg`), as Debian bookworm packages it:
    package  lomiri-wallpapers-16.04 20.04.0-2 (all), from Debian's main archive
             (pool/main/l/lomiri-wallpapers/lomiri-wallpapers-16.04_20.04.0-2_all.deb,
             SHA-256 a99ff6a3bfe451e4cc0682ecb3cc82e71740626d59e4845ae34a0a0e45421eab)
    file     /usr/share/backgrounds/Dragonfly_by_Bolly.jpg
             (SHA-256 af5af17841009732def24b09bb1e669a1b09d2b4bdeee7812c371101c30d2bb3)
    licence  /usr/share/doc/lomiri-wallpapers-16.04/copyright (stanza and full CC BY-SA 4.0 text)

Usage (Pillow is Debian's python3-pil, so run Debian's python; dpkg-deb and apt-get from Debian too):
    /usr/bin/python3 scripts/make-photo-tiles.py            # apt-get download the .deb into a temp dir
    /usr/bin/python3 scripts/make-photo-tiles.py --deb X.deb  # or use a .deb already at hand
The script checks both SHA-256 sums above, then rewrites Assets/Photo/ whole.

The pyramid: level 0 is the whole photograph, uncropped (4224 x 3168); level l is ceil(W0 / 2^l) x
ceil(H0 / 2^l), resampled from level 0 with Lanczos; the last level is the first whose both sides are
<= 512. Each level is cut into 256 x 256 tiles from its top-left corner (the right and bottom tiles
are smaller, never padded), written as Assets/Photo/L<level>/<row>-<col>.jpg: baseline JPEG (not
progressive), quality 85, 4:2:0, optimized Huffman tables, no metadata. With the same Pillow and
libjpeg the output is byte-identical from run to run.
"""
import argparse, hashlib, json, math, os, shutil, subprocess, sys, tempfile

try:
    from PIL import Image
except ImportError:
    sys.exit("make-photo-tiles.py needs Pillow: apt-get install python3-pil, then run /usr/bin/python3")

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "Assets", "Photo")

PACKAGE = "lomiri-wallpapers-16.04"
VERSION = "20.04.0-2"
DEB_SHA256 = "a99ff6a3bfe451e4cc0682ecb3cc82e71740626d59e4845ae34a0a0e45421eab"
IMAGE_PATH = "usr/share/backgrounds/Dragonfly_by_Bolly.jpg"
IMAGE_SHA256 = "af5af17841009732def24b09bb1e669a1b09d2b4bdeee7812c371101c30d2bb3"
COPYRIGHT_PATH = f"usr/share/doc/{PACKAGE}/copyright"
STANZA_FILES = "16.04/Dragonfly_by_Bolly.jpg"
LICENCE_NAME = "CC-BY-SA-4.0"

TILE = 256
SMALLEST = 512
QUALITY = 85

TITLE = "Dragonfly"
AUTHOR = "Bolly"
LICENCE = "CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/)"
SOURCE = (f"Debian bookworm package {PACKAGE} {VERSION}, /{IMAGE_PATH} (lomiri-wallpapers, Ubuntu Touch "
          "16.04 wallpapers: https://gitlab.com/ubports/development/core/lomiri-wallpapers)")


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def check(path, expected):
    actual = sha256(path)
    if actual != expected:
        sys.exit(f"{path}: SHA-256 {actual}, expected {expected}")


def paragraphs(text):
    """The paragraphs of a Debian copyright file (machine-readable format 1.0), each a list of lines."""
    result, current = [], []
    for line in text.splitlines():
        if line.strip():
            current.append(line)
        elif current:
            result.append(current)
            current = []
    if current:
        result.append(current)
    return result


def licence_text(copyright_text):
    """The Files stanza of the photograph and the standalone licence paragraph it names."""
    stanza, licence = None, None
    for p in paragraphs(copyright_text):
        if p[0] == f"Files: {STANZA_FILES}":
            stanza = p
        elif p[0] == f"License: {LICENCE_NAME}" and len(p) > 1:
            licence = [("" if line == " ." else line[1:]) for line in p[1:]]
    if stanza is None or licence is None:
        sys.exit("the copyright file has no stanza for the photograph or no text of its licence")
    return stanza, licence


def write_licence(stanza, licence):
    head = f"""The photograph in this folder (every tile L*/*.jpg is a part of it, resampled)

    Title:   {TITLE}
    Author:  "{AUTHOR}", 2018
    Licence: {LICENCE}
    Source:  {SOURCE}
    Changes: cut into 256 x 256 tiles and resampled into a mip pyramid of halved sizes
             (Lanczos), re-encoded as JPEG quality {QUALITY}, by scripts/make-photo-tiles.py.

These tiles are an adaptation of that work and are shared under the same licence, CC BY-SA 4.0.
The licence covers the picture only, not ScrollKit's code that displays it.

The stanza for the file in the Debian package's copyright file
(/{COPYRIGHT_PATH}, format https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/):

"""
    body = "\n".join(stanza) + "\n\nThe licence's full text, as that copyright file gives it:\n\n"
    body += "\n".join(licence).rstrip() + "\n"
    with open(os.path.join(OUT, "LICENSE.txt"), "w", encoding="utf-8") as f:
        f.write(head + body)


def level_sizes(width, height):
    sizes, level = [], 0
    while True:
        w, h = math.ceil(width / 2 ** level), math.ceil(height / 2 ** level)
        sizes.append((w, h))
        if w <= SMALLEST and h <= SMALLEST:
            return sizes
        level += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deb", help=f"{PACKAGE}_{VERSION}_all.deb (default: apt-get download it)")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="photo-tiles-")
    try:
        deb = args.deb
        if deb is None:
            subprocess.run(["apt-get", "download", f"{PACKAGE}={VERSION}"], cwd=work, check=True)
            deb = os.path.join(work, f"{PACKAGE}_{VERSION}_all.deb")
        check(deb, DEB_SHA256)
        tree = os.path.join(work, "tree")
        subprocess.run(["dpkg-deb", "-x", deb, tree], check=True)
        source = os.path.join(tree, IMAGE_PATH)
        check(source, IMAGE_SHA256)
        with open(os.path.join(tree, COPYRIGHT_PATH), encoding="utf-8") as f:
            stanza, licence = licence_text(f.read())

        image = Image.open(source)
        image.load()
        image = image.convert("RGB")
        width, height = image.size
        assert width >= 4000 and height >= 3000, image.size

        if os.path.isdir(OUT):
            shutil.rmtree(OUT)
        os.makedirs(OUT)
        levels = []
        for level, (w, h) in enumerate(level_sizes(width, height)):
            picture = image if level == 0 else image.resize((w, h), Image.LANCZOS)
            rows, columns = math.ceil(h / TILE), math.ceil(w / TILE)
            folder = os.path.join(OUT, f"L{level}")
            os.makedirs(folder)
            for row in range(rows):
                for col in range(columns):
                    box = (col * TILE, row * TILE, min(w, (col + 1) * TILE), min(h, (row + 1) * TILE))
                    picture.crop(box).save(os.path.join(folder, f"{row}-{col}.jpg"), "JPEG", quality=QUALITY,
                                           subsampling=2, optimize=True, progressive=False)
            levels.append({"width": w, "height": h, "rows": rows, "columns": columns})
            print(f"L{level}: {w} x {h}, {rows} x {columns} tiles")

        pyramid = {"width": width, "height": height, "tileSize": TILE, "levels": levels,
                   "title": TITLE, "author": AUTHOR, "licence": LICENCE, "source": SOURCE}
        with open(os.path.join(OUT, "pyramid.json"), "w", encoding="utf-8") as f:
            json.dump(pyramid, f, indent=2)
            f.write("\n")
        write_licence(stanza, licence)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
