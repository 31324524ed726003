"""The pair's image: fitted with its aspect kept, zoomable and pannable, always sharp.

The scene is the photo in its own pixels; the view asks the loader for a decode of exactly
the device pixels the photo covers on screen (high-DPI included), so what is painted is
never a downscaled draft enlarged. Until that frame arrives — on a new pair, a resize or a
zoom — the best frame at hand is shown scaled (the EXIF thumbnail first), never a blank.
A photo smaller than the view is enlarged to fit and says so ("Shown at 200 %"), on screen
and in the view's accessible description.

The screen binds ``+``/``-``/``0`` to :meth:`zoom_by` and :meth:`fit`; arrow keys pan when
the view has focus (Tab reaches it). Mouse: Ctrl+wheel zooms, dragging pans.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsView,
    QWidget,
)

from annotator.ui.image_decode import fit_size
from annotator.ui.image_loader import Frame, ImageLoader
from annotator.ui.widgets.photo_item import PhotoItem, size_distance, sizes_match
from annotator.ui.widgets.scale_notice import ScaleNotice

NEUTRAL_GREY = "#808080"
"""Mid grey behind the photo: neither glare nor a colour cast on how it looks."""
ZOOM_STEP = 1.25
MAX_ZOOM = 8.0
SETTLE_MS = 120
"""A resize or zoom re-decodes once it has settled this long (the scaled frame shows meanwhile)."""
ZOOM_MAX_PIXELS = 25_000_000
"""A zoomed-in decode is at most the photo's own size and at most this (100 MB) in all."""
LOADING_TEXT = "Loading image…"
PREFETCH_FALLBACK_MS = 100
"""Prefetches start once the sharp frame is painted (decoders then do not compete with that
paint for the CPU), or after this long when no paint comes (a covered window)."""


class ImageView(QGraphicsView):
    """Shows one photo (:meth:`show_path`) or a sentence (:meth:`show_message`); ``fit``
    mode follows the widget size until the user zooms."""

    failed = Signal(str)
    """The photo shown cannot be decoded: why (the view already shows it)."""

    def __init__(self, loader: ImageLoader, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("imageView")
        self.setAccessibleName("Image")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setBackgroundBrush(QColor(NEUTRAL_GREY))
        self._photo = PhotoItem()
        scene = QGraphicsScene(self)
        scene.addItem(self._photo)
        self.setScene(scene)
        self._message_item = scene.addText("")
        self._notice = ScaleNotice(self)
        self._loader = loader
        loader.frame_ready.connect(self._on_frame)
        loader.image_failed.connect(self._on_failed)
        self._path: str | None = None
        self._description = ""
        self._asked: tuple[int, int] | None = None
        self._waiting: list[Path] = []  # prefetches held until the photo on screen is sharp
        self._settle = QTimer(self, singleShot=True)
        self._settle.timeout.connect(self._refresh)
        self._prefetch_timer = QTimer(self, singleShot=True)
        self._prefetch_timer.timeout.connect(self._start_prefetches)
        self._zoom = 1.0
        self._fit = True
        self._set_scroll_bars(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    # what is shown --------------------------------------------------------------

    @property
    def zoom(self) -> float:
        """Magnification relative to the fitted size (1.0 = fits the view)."""
        return self._zoom

    def has_image(self) -> bool:
        """A frame of the photo is on screen (perhaps the thumbnail)."""
        return self._photo.frame is not None and self._photo.isVisible()

    def is_sharp(self) -> bool:
        """The frame on screen is a decode of exactly the pixels the photo covers."""
        frame = self._photo.frame
        wanted = self._wanted_size()
        return (self.has_image() and frame is not None and not frame.draft
                and wanted is not None and sizes_match(frame.size, wanted))

    def frame(self) -> Frame | None:
        return self._photo.frame if self.has_image() else None

    def notice_text(self) -> str:
        return self._notice.text() if self._notice.isVisibleTo(self) else ""

    def show_path(self, path: Path, *, description: str) -> None:
        """Show the photo in ``path``: at once if a decode is cached, else its thumbnail or
        "Loading image…" until the sharp frame arrives (``failed`` if it cannot)."""
        self._path, self._description, self._asked = str(path), description, None
        self._waiting = []
        self._prefetch_timer.stop()
        frames = self._loader.frames(path)
        if frames:
            self._show_frame(self._best(frames), new_photo=True)
        else:
            self._show_text(LOADING_TEXT)
            self._loader.first_frame(path)
        self._refresh_soon(0)

    def prefetch(self, paths: Iterable[Path]) -> None:
        """Have ``paths`` decoded for this view's size once the photo on screen is sharp."""
        self._waiting = list(paths)
        if self._path is None or self.is_sharp():
            self._release_prefetches()

    def prefetch_pending(self) -> bool:
        """Prefetches are held back, not yet handed to the loader (benchmarks wait them out)."""
        return bool(self._waiting)

    def show_message(self, text: str) -> None:
        """Replace the photo by a sentence (why it cannot be shown, or why it is hidden)."""
        self._path = None
        self._show_text(text)

    def _show_text(self, text: str) -> None:
        self._photo.set_frame(None)
        self._photo.setVisible(False)
        self._message_item.setFont(self.font())  # the scene's items keep their own font
        self._message_item.setPlainText(text)
        self._message_item.setTextWidth(max(200, self.viewport().width() - 40))
        self.scene().setSceneRect(self._message_item.boundingRect())
        self.setAccessibleDescription(text)
        self._notice.hide()
        self._zoom, self._fit = 1.0, True
        self._set_scroll_bars(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.resetTransform()

    def _show_frame(self, frame: Frame, *, new_photo: bool = False) -> None:
        """Put ``frame`` on screen; a new photo starts fitted, a sharper frame of the one
        shown keeps the zoom and scroll position."""
        new_photo = new_photo or frame.native != self._shown_native()
        self._message_item.setPlainText("")
        self._photo.set_frame(frame)
        self._photo.setVisible(True)
        if new_photo:
            self.scene().setSceneRect(self._photo.boundingRect())
            self._fit, self._zoom = True, 1.0
            self._set_scroll_bars(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            self._fit_transform()
        else:
            self._update_notice()

    def _best(self, frames: list[Frame]) -> Frame:
        """The cached frame to show now: the one of the wanted size, else the largest."""
        wanted = self._wanted_size(frames[0].native)
        exact = [frame for frame in frames
                 if wanted is not None and sizes_match(frame.size, wanted)]
        return exact[0] if exact else max(frames, key=lambda frame: frame.size)

    # sizes ------------------------------------------------------------------------

    def _device_box(self) -> tuple[int, int]:
        """The view's size in device pixels, scroll bars not counted."""
        size, ratio = self.maximumViewportSize(), self.devicePixelRatioF()
        return max(1, round(size.width() * ratio)), max(1, round(size.height() * ratio))

    def _shown_native(self) -> tuple[int, int] | None:
        return self._photo.native if self._photo.isVisible() else None

    def _wanted_size(self, native: tuple[int, int] | None = None) -> tuple[int, int] | None:
        """The device pixels the photo covers on screen (at most its own size): now, or
        for a photo not on screen yet, once it is fitted."""
        native = native or self._shown_native()
        if native is None:
            return None
        scale = self._display_scale(native)
        width, height = fit_size(native, (round(native[0] * scale), round(native[1] * scale)))
        if width * height > ZOOM_MAX_PIXELS:
            shrink = (ZOOM_MAX_PIXELS / (width * height)) ** 0.5
            width, height = round(width * shrink), round(height * shrink)
        return width, height

    def _display_scale(self, native: tuple[int, int]) -> float:
        """Device pixels per photo pixel: the current transform, or the fit for a photo
        not on screen yet."""
        if native == self._shown_native():
            return self.transform().m11() * self.devicePixelRatioF()
        box = self._device_box()
        return min(box[0] / native[0], box[1] / native[1])

    # fetching ---------------------------------------------------------------------

    def _refresh_soon(self, delay: int = SETTLE_MS) -> None:
        if self._path is not None or self._waiting:
            self._settle.start(delay)

    def _refresh(self) -> None:
        """Ask for the decode the view needs now (or use a cached one)."""
        if not self.isVisible():
            return
        if self._path is None:
            self._release_prefetches()
            return
        if self._shown_native() is None:
            box = self._device_box()  # nothing known of the photo yet: fit the whole view
        else:
            wanted = self._wanted_size()
            assert wanted is not None
            if self.is_sharp():
                self._release_prefetches()
                return
            exact = [f for f in self._loader.frames(self._path) if sizes_match(f.size, wanted)]
            if exact:
                self._show_frame(exact[0])
                self._release_prefetches()
                return
            box = wanted
        if box != self._asked:
            self._asked = box
            self._loader.request(Path(self._path), box, keep=self._fit)

    def _release_prefetches(self) -> None:
        """Start the prefetches held back, right after the next paint."""
        if self.isVisible() and self._waiting and not self._prefetch_timer.isActive():
            self._prefetch_timer.start(PREFETCH_FALLBACK_MS)
            self.viewport().update()

    def _start_prefetches(self) -> None:
        if not self.isVisible():
            return
        box = self._device_box()
        for path in self._waiting:
            self._loader.prefetch(path, box)
        self._waiting = []

    def _on_frame(self, frame: Frame) -> None:
        if frame.path != self._path:
            return
        current = self.frame()
        if frame.draft:
            if current is None:
                self._show_frame(frame, new_photo=True)
            return
        wanted = self._wanted_size(frame.native)
        if current is None or current.draft or wanted is None or (
                size_distance(frame.size, wanted) < size_distance(current.size, wanted)):
            self._show_frame(frame, new_photo=current is None)
        if self.is_sharp():
            self._release_prefetches()
        else:
            self._refresh_soon(0)

    def _on_failed(self, path: str, message: str) -> None:
        if path != self._path:
            return
        self.show_message(message)
        self._release_prefetches()
        self.failed.emit(message)

    # zoom and fit -----------------------------------------------------------------

    def fit(self) -> None:
        """Back to the whole photo fitted in the view (key 0)."""
        self._fit = True
        self._zoom = 1.0
        self._set_scroll_bars(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._fit_transform()
        self._refresh_soon(0)

    def _fit_transform(self) -> None:
        native = self._shown_native()
        if native is not None:
            viewport = self.maximumViewportSize()
            scale = min(viewport.width() / native[0], viewport.height() / native[1])
            self.setTransform(QTransform.fromScale(scale, scale))
            self.centerOn(native[0] / 2, native[1] / 2)
        self._update_notice()

    def zoom_by(self, factor: float) -> None:
        if not self.has_image():
            return
        new_zoom = min(MAX_ZOOM, max(1.0, self._zoom * factor))
        if new_zoom == 1.0:
            self.fit()
            return
        self._set_scroll_bars(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.scale(new_zoom / self._zoom, new_zoom / self._zoom)
        self._zoom = new_zoom
        self._fit = False
        self._update_notice()
        self._refresh_soon()

    def _set_scroll_bars(self, policy: Qt.ScrollBarPolicy) -> None:
        self.setHorizontalScrollBarPolicy(policy)
        self.setVerticalScrollBarPolicy(policy)

    def _update_notice(self) -> None:
        """Say so, on screen and to screen readers, when the photo is shown larger than its
        own pixels."""
        native = self._shown_native()
        if native is None:  # a sentence instead of the photo: it is the description
            self._notice.hide()
            return
        percent = round(self.transform().m11() * self.devicePixelRatioF() * 100)
        spoken = self._notice.show_for(percent, native, self.viewport().geometry())
        self.setAccessibleDescription(f"{self._description}. {spoken}" if spoken
                                      else self._description)

    # events -----------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._prefetch_timer.isActive():
            self._prefetch_timer.start(0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fit:
            self._fit_transform()
        self._notice.place(self.viewport().geometry())
        self._refresh_soon()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._refresh_soon(0)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self._asked = None
            self._update_notice()
            self._refresh_soon(0)
        elif event.type() == QEvent.Type.FontChange and self._message_item.toPlainText():
            self._show_text(self._message_item.toPlainText())  # larger text: a larger message
        return super().event(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_by(ZOOM_STEP if event.angleDelta().y() > 0 else 1 / ZOOM_STEP)
            event.accept()
        else:
            super().wheelEvent(event)
