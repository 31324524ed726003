"""Draw the app icon with Pillow and save it as PNG, ICO (Windows) and ICNS (macOS).

Kept as a script so the icon can be redrawn, not only copied around:
``python build_scripts/make_icon.py`` rewrites ``resources/icons/``. The design is meant to
stay legible at 16 px: a photo (sun over a hill) above a caption line and five rating dots.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

SIZE = 1024
BACKGROUND = (31, 78, 121)
PAPER = (255, 255, 255)
SKY = (173, 216, 242)
HILL = (56, 142, 60)
SUN = (255, 193, 7)
DOT_OFF = (120, 160, 196)
OUT = Path(__file__).resolve().parent.parent / "resources" / "icons"


def draw(size: int = SIZE) -> Image.Image:
    """The icon at ``size`` pixels, drawn at 1024 and scaled down for smooth edges."""
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((40, 40, 984, 984), radius=200, fill=BACKGROUND)
    # the photo
    pen.rounded_rectangle((170, 150, 854, 610), radius=48, fill=PAPER)
    pen.rectangle((210, 190, 814, 570), fill=SKY)
    pen.ellipse((600, 230, 720, 350), fill=SUN)
    pen.polygon([(210, 570), (420, 330), (560, 470), (640, 400), (814, 570)], fill=HILL)
    # the caption line
    pen.rounded_rectangle((170, 670, 854, 730), radius=30, fill=PAPER)
    # five rating dots, four chosen
    for index in range(5):
        left = 190 + index * 135
        pen.ellipse((left, 790, left + 104, 894), fill=SUN if index < 4 else DOT_OFF)
    return image if size == SIZE else image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    big = draw()
    draw(256).save(OUT / "annotator.png")
    big.save(OUT / "annotator.ico", sizes=[(s, s) for s in (16, 24, 32, 48, 64, 128, 256)])
    big.save(OUT / "annotator.icns")
    for name in ("annotator.png", "annotator.ico", "annotator.icns"):
        print(OUT / name, (OUT / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
