import { Download } from 'lucide-react';
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import './photo-viewer.css';
import {
  photoAlt,
  renditionSize,
  PREVIEW_WIDTH,
  THUMB_WIDTH,
  type ShownPhoto,
} from './photo-sources';

interface PhotoViewerProps {
  photos: readonly ShownPhoto[];
  /** The open photo, or null when the viewer is closed. */
  index: number | null;
  /** Closed with the photo last shown, so the grid can bring it into view and focus it. */
  onClose: (lastIndex: number) => void;
  /** When set, the toolbar has a Download button for the shown photo. */
  onDownload?: (photo: ShownPhoto) => void;
  /** A button of the page's own for the shown photo, first in the toolbar. */
  photoAction?: (photo: ShownPhoto) => ReactNode;
}

/**
 * The full-screen photo viewer (yet-another-react-lightbox): arrows and Esc on the keyboard,
 * swipe on touch, pinch / wheel / double-tap zoom, the neighbours preloaded. It shows the
 * preview rendition; the original is only fetched by a download. Its look (an opaque backdrop,
 * the controls in a band of their own, 44 px targets) is in photo-viewer.css.
 */
export function PhotoViewer({ photos, index, onClose, onDownload, photoAction }: PhotoViewerProps) {
  // The photo on screen; the viewer moves through photos on its own after opening.
  const current = useRef(index ?? 0);
  useEffect(() => {
    if (index !== null) current.current = index;
  }, [index]);
  // The same, drawn: the page's own button follows the photo shown (set again on each opening).
  const [shown, setShown] = useState(index ?? 0);
  const [openedAt, setOpenedAt] = useState(index);
  if (index !== openedAt) {
    setOpenedAt(index);
    if (index !== null) setShown(index);
  }

  const slides = useMemo(
    () =>
      photos.map((photo) => {
        const preview = renditionSize(photo, PREVIEW_WIDTH);
        const srcSet =
          photo.thumbSrc === photo.previewSrc
            ? undefined
            : [
                { src: photo.thumbSrc, ...renditionSize(photo, THUMB_WIDTH) },
                { src: photo.previewSrc, ...preview },
              ];
        return { src: photo.previewSrc, alt: photoAlt(photo), ...preview, srcSet };
      }),
    [photos],
  );

  const downloadButton = onDownload ? (
    <button
      key="download"
      type="button"
      aria-label="Download"
      title="Download"
      className="yarl__button"
      onClick={() => {
        const photo = photos[current.current];
        if (photo) onDownload(photo);
      }}
    >
      <Download className="yarl__icon" strokeWidth={1.75} aria-hidden />
    </button>
  ) : null;
  const shownPhoto = photos[shown];
  const ownButton =
    photoAction && shownPhoto ? <Fragment key="own">{photoAction(shownPhoto)}</Fragment> : null;

  return (
    <Lightbox
      open={index !== null}
      index={index ?? 0}
      close={() => onClose(current.current)}
      slides={slides}
      plugins={[Zoom, Counter]}
      className="photo-viewer"
      // No padding of its own: the photo's area is set in photo-viewer.css (a band for the controls).
      carousel={{ preload: 2, finite: photos.length < 3, padding: 0 }}
      zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
      controller={{ closeOnBackdropClick: true, closeOnPullDown: true }}
      animation={{ fade: 200, swipe: 300 }}
      toolbar={{
        buttons: [ownButton, downloadButton, 'close'].filter((button) => button !== null),
      }}
      on={{
        view: ({ index: viewed }) => {
          current.current = viewed;
          setShown(viewed);
        },
      }}
    />
  );
}
