"""Write the sample projects' photographs and their ``images/licenses.csv``.

The photographs are community wallpapers of Ubuntu Touch (UBports), as Debian packages them
in ``lomiri-wallpapers-16.04`` and ``lomiri-wallpapers-20.04`` (version 20.04.0-2), whose
``copyright`` files give each file's author and licence (CC0, CC BY or CC BY-SA; nothing
NC or ND). Run::

    apt-get download lomiri-wallpapers-16.04 lomiri-wallpapers-20.04
    for deb in lomiri-wallpapers-*.deb; do dpkg-deb -x "$deb" unpacked; done
    python build_scripts/make_sample_images.py unpacked/usr/share/backgrounds

Three photos are cropped to a detail, to reach 16 distinct scenes; every photo is scaled to
1920 px on its long side (sharp in a full-HD image pane without weighing down the
installers) and saved as a baseline JPEG, quality 85, with an EXIF block naming its author
and licence. Half of them also carry an embedded EXIF thumbnail (320 px, what an image
viewer can show at once before decoding the photo), and one is stored on its side with
EXIF orientation 6, as phone cameras write it, so the app's decoding meets both cases.

:func:`licences_csv` gives the ``licenses.csv`` text without the packages, so the tests
keep every sample's file and this table in step.
"""

from __future__ import annotations

import csv
import io
import struct
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

SAMPLES = Path(__file__).resolve().parent.parent / "sample_projects"
LONG_SIDE = 1920
QUALITY = 85
THUMBNAIL_SIDE = 320
PACKAGE_VERSION = "20.04.0-2"
UPSTREAM = "gitlab.com/ubports/development/core/lomiri-wallpapers"
LICENCE_URLS = {
    "CC0 1.0": "https://creativecommons.org/publicdomain/zero/1.0/",
    "CC BY 4.0": "https://creativecommons.org/licenses/by/4.0/",
    "CC BY-SA 3.0": "https://creativecommons.org/licenses/by-sa/3.0/",
    "CC BY-SA 4.0": "https://creativecommons.org/licenses/by-sa/4.0/",
}


@dataclass(frozen=True)
class Photo:
    """One sample photograph: where it comes from, who made it, and what was done to it."""

    file: str
    title: str
    source: str  # the file in /usr/share/backgrounds
    release: str  # "16.04" or "20.04": the package lomiri-wallpapers-<release>
    author: str
    year: int
    licence: str
    size: tuple[int, int]  # the source's pixels
    crop: tuple[int, int, int, int] | None = None  # left, top, right, bottom
    detail: str = ""  # what the crop keeps
    thumbnail: bool = False
    turned: bool = False  # stored on its side, EXIF orientation 6

    @property
    def upright(self) -> tuple[int, int]:
        """Pixels of the upright photo as written."""
        left, top, right, bottom = self.crop or (0, 0, *self.size)
        width, height = right - left, bottom - top
        scale = min(1.0, LONG_SIDE / max(width, height))
        return round(width * scale), round(height * scale)

    @property
    def copyright(self) -> str:
        return f"(c) {self.year} {self.author}, {self.licence}"


def _photo(file: str, title: str, source: str, author: str, licence: str,
           size: tuple[int, int], **options) -> Photo:
    release = "20.04" if source.startswith("Kleiber") else "16.04"
    year = 2021 if release == "20.04" else 2018
    return Photo(file, title, source, release, author, year, licence, size, **options)


WINE, DRAGONFLY, SUNSET = ("Wine_by_Jakkub_Mede.jpg", "Dragonfly_by_Bolly.jpg",
                           "sunset_by_Aitzol_Berasategi.jpg")
PHOTOS = (
    _photo("spaniels.jpg", "friends (two cocker spaniels looking out of a wooden cabin)",
           "friends_by_Aitzol_Berasategi.jpg", "Aitzol Berasategi", "CC BY 4.0",
           (2056, 3088), thumbnail=True, turned=True),
    _photo("wine-table.jpg", "Wine (detail: a pallet table with red wine and a coffee grinder)",
           WINE, "Jakub Mede", "CC BY 4.0", (2560, 3837), crop=(620, 380, 2500, 2380),
           detail="the table behind the drum"),
    _photo("djembe.jpg", "Wine (a djembe on a beanbag, a pallet table with wine behind)",
           WINE, "Jakub Mede", "CC BY 4.0", (2560, 3837), thumbnail=True),
    _photo("nuthatch.jpg", "Kleiber (a nuthatch on a tree trunk)",
           "Kleiber_by_Lukas_Baubkus.jpg", "Lukas Baubkus", "CC BY-SA 3.0", (6028, 3391),
           thumbnail=True),
    _photo("fig.jpg", "Picture 0B (half a fig in a red bowl)",
           "Picture_0B_by_freespace.jpg", 'Trevor "Freespace"', "CC BY 4.0", (2572, 1740),
           thumbnail=True),
    _photo("dragonfly.jpg", "Dragonfly (a dragonfly on a twig before hazel leaves)",
           DRAGONFLY, "Bolly", "CC BY-SA 4.0", (4224, 3168), thumbnail=True),
    _photo("clock.jpg", "greentock (a backlit wall clock)", "greentock_by_Peter_Nerlich.jpg",
           "Peter Nerlich", "CC BY-SA 4.0", (2880, 2160)),
    _photo("summit-sunset.jpg", "sunset (sunset from a mountain summit)", SUNSET,
           "Aitzol Berasategi", "CC BY 4.0", (4272, 2848), thumbnail=True),
    _photo("orientation-table.jpg", "sunset (detail: the orientation table on the summit)",
           SUNSET, "Aitzol Berasategi", "CC BY 4.0", (4272, 2848),
           crop=(2250, 1500, 4272, 2848), detail="the stone table at the right"),
    _photo("mountain-path.jpg", "picosdeeuropa (a path up to limestone peaks)",
           "picosdeeuropa_by_Aitzol_Berasategi.jpg", "Aitzol Berasategi", "CC BY 4.0",
           (3264, 2448), thumbnail=True),
    _photo("dragonfly-close.jpg", "Dragonfly (detail: the dragonfly and the catkins)",
           DRAGONFLY, "Bolly", "CC BY-SA 4.0", (4224, 3168), crop=(1500, 850, 3600, 2300),
           detail="the dragonfly on the twig"),
    _photo("bridge-cables.jpg", "Bridge (bridge cables over an estuary)",
           "Bridge_by_Sander_Klootwijk.jpg", "Sander Klootwijk", "CC BY-SA 4.0", (4352, 2448)),
    _photo("dandelions.jpg", "seeding (dandelion clocks in a meadow at sunset)",
           "seeding_by_Clements_Engelhardt.jpg", "Clemens Engelhardt", "CC0 1.0",
           (5312, 2988)),
    _photo("forest-stream.jpg", "life (a stream over limestone ledges in a forest)",
           "life_by_Aitzol_Berasategi.jpg", "Aitzol Berasategi", "CC BY 4.0", (3088, 2056),
           thumbnail=True),
    _photo("autumn-valley.jpg", "aitzgorri (autumn larches below a limestone ridge)",
           "aitzgorri_by_Aitzol_Berasategi.jpg", "Aitzol Berasategi", "CC BY 4.0",
           (3088, 2056)),
    _photo("bird-ornament.jpg", "free (a wooden bird hanging from a ceiling lamp)",
           "free_by_Peter_Nerlich.jpg", "Peter Nerlich", "CC BY-SA 4.0", (2880, 2160)),
)


# --- EXIF -------------------------------------------------------------------------------
# Pillow writes EXIF tags but not the thumbnail (IFD1), so the block is laid out here:
# a little-endian TIFF header, IFD0 (orientation, artist, copyright), then IFD1 pointing at
# the thumbnail JPEG that follows it (EXIF 2.32, §4.5.4 and §4.6.3).

ASCII, SHORT, LONG, RATIONAL = 2, 3, 4, 5
WIDTH = {ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8}
Entry = tuple[int, int, bytes]  # tag, type, packed value


def _ifd(entries: Iterable[Entry], offset: int, next_ifd: int) -> bytes:
    """An IFD placed ``offset`` bytes after the TIFF header, its long values after it."""
    entries = sorted(entries)
    data_at = offset + 2 + 12 * len(entries) + 4
    table, data = [], b""
    for tag, kind, value in entries:
        if len(value) <= 4:
            field = value.ljust(4, b"\0")
        else:
            field = struct.pack("<I", data_at + len(data))
            data += value + b"\0" * (len(value) % 2)
        table.append(struct.pack("<HHI", tag, kind, len(value) // WIDTH[kind]) + field)
    return struct.pack("<H", len(entries)) + b"".join(table) + struct.pack("<I", next_ifd) + data


def _resolution() -> list[Entry]:
    """72 pixels per inch, the tags EXIF requires of IFD0 and IFD1 alike."""
    return [(0x011A, RATIONAL, struct.pack("<II", 72, 1)),
            (0x011B, RATIONAL, struct.pack("<II", 72, 1)), (0x0128, SHORT, struct.pack("<H", 2))]


def _text(tag: int, text: str) -> Entry:
    return tag, ASCII, text.encode("ascii") + b"\0"


def exif_block(photo: Photo, thumbnail: bytes | None) -> bytes:
    """The APP1 payload: author, licence and orientation, and the thumbnail if any."""
    ifd0 = [(0x0112, SHORT, struct.pack("<H", 6 if photo.turned else 1)),
            *_resolution(), (0x0213, SHORT, struct.pack("<H", 1)),  # chroma centred
            _text(0x013B, photo.author), _text(0x8298, photo.copyright)]
    first = len(_ifd(ifd0, 8, 0))
    if thumbnail is None:
        return b"Exif\0\0II*\0" + struct.pack("<I", 8) + _ifd(ifd0, 8, 0)

    def ifd1(at: int) -> list[Entry]:
        return [(0x0103, SHORT, struct.pack("<H", 6)),  # JPEG compressed
                *_resolution(), (0x0201, LONG, struct.pack("<I", at)),
                (0x0202, LONG, struct.pack("<I", len(thumbnail)))]

    second = 8 + first
    thumb_at = second + len(_ifd(ifd1(0), second, 0))
    return (b"Exif\0\0II*\0" + struct.pack("<I", 8) + _ifd(ifd0, 8, second)
            + _ifd(ifd1(thumb_at), second, 0) + thumbnail)


# --- the images -------------------------------------------------------------------------


def stored_image(photo: Photo, backgrounds: Path) -> Image.Image:
    """The pixels as written: cropped, scaled, and turned on their side if ``turned``."""
    with Image.open(backgrounds / photo.source) as source:
        assert source.size == photo.size, (photo.source, source.size)
        image = source.convert("RGB")
    if photo.crop:
        image = image.crop(photo.crop)
    image = image.resize(photo.upright, Image.Resampling.LANCZOS, reducing_gap=3.0)
    return image.transpose(Image.Transpose.ROTATE_90) if photo.turned else image


def jpeg_bytes(image: Image.Image, quality: int, exif: bytes = b"") -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality, optimize=True, exif=exif)
    return out.getvalue()


def write_photo(photo: Photo, backgrounds: Path, target: Path) -> None:
    image = stored_image(photo, backgrounds)
    thumbnail = None
    if photo.thumbnail:
        small = image.copy()
        small.thumbnail((THUMBNAIL_SIDE, THUMBNAIL_SIDE), Image.Resampling.LANCZOS)
        thumbnail = jpeg_bytes(small, 80)
    target.write_bytes(jpeg_bytes(image, QUALITY, exif_block(photo, thumbnail)))


# --- licenses.csv -----------------------------------------------------------------------


def notes(photo: Photo) -> str:
    width, height = photo.upright
    made = []
    if photo.crop:
        left, top, right, bottom = photo.crop
        made.append(f"Crop of {photo.source}, pixels x {left}-{right}, y {top}-{bottom} "
                    f"({photo.detail}), scaled to {width}x{height}")
    else:
        made.append(f"Scaled from {photo.size[0]}x{photo.size[1]} to {width}x{height}")
    made.append(f"JPEG q{QUALITY}; EXIF names the author and licence")
    if photo.turned:
        made.append(f"stored on its side ({height}x{width} pixels) with EXIF orientation 6, "
                    "upright in any viewer that reads EXIF")
    made.append(f"embedded EXIF thumbnail ({THUMBNAIL_SIDE} px)" if photo.thumbnail
                else "no EXIF thumbnail")
    shared = "" if photo.licence.startswith("CC0") else "; shared under the same licence"
    return f"© {photo.year} {photo.author}. " + "; ".join(made) + shared + "."


def origin(photo: Photo) -> str:
    package = f"lomiri-wallpapers-{photo.release}"
    return (f"Debian package {package} {PACKAGE_VERSION}, /usr/share/backgrounds/"
            f"{photo.source}; upstream {UPSTREAM}, {photo.release}/")


def licences_csv(files: Iterable[str] | None = None) -> str:
    """The ``licenses.csv`` text for ``files`` (every photo if None), in PHOTOS' order."""
    wanted = None if files is None else set(files)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["file", "title", "origin", "author", "licence", "licence_url", "notes"])
    for photo in PHOTOS:
        if wanted is None or photo.file in wanted:
            writer.writerow([photo.file, photo.title, origin(photo), photo.author,
                             photo.licence, LICENCE_URLS[photo.licence], notes(photo)])
    return out.getvalue()


def sample_images(sample: Path) -> list[str]:
    """The photos a sample's items.csv and gold.csv show (file names in images/)."""
    names = set()
    for table in ("items.csv", "gold.csv"):
        if (sample / table).is_file():
            with (sample / table).open(encoding="utf-8", newline="") as handle:
                names |= {row["image"].removeprefix("images/") for row in csv.DictReader(handle)}
    return sorted(names)


def main(backgrounds: Path) -> None:
    """Write every photo into vicr-demo, copy the ones each other sample shows into it, and
    write each sample's licenses.csv."""
    vicr = SAMPLES / "vicr-demo" / "images"
    for photo in PHOTOS:
        write_photo(photo, backgrounds, vicr / photo.file)
    for sample in sorted(SAMPLES.iterdir()):
        images, names = sample / "images", sample_images(sample)
        for name in names:
            if images != vicr:
                (images / name).write_bytes((vicr / name).read_bytes())
        (images / "licenses.csv").write_text(licences_csv(names), encoding="utf-8")
        total = sum((images / name).stat().st_size for name in names)
        print(f"{sample.name}: {len(names)} photos, {total / 1e6:.2f} MB")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
