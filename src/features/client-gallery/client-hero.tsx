import { ArrowDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { RENDITION_EDGES, renditionOf, sameRenditionPhoto } from '@/lib/backend/photo-objects';
import type { ShownPhoto } from '@/ui/photos/photo-sources';

/**
 * Which photo opens the gallery: the album's cover (stored as one of its renditions' paths,
 * resolved here to a page address), else the first photo. The cover's own address is used
 * until its photo's row has arrived (a large album streams its rows). With a cover rendition
 * (≤ 1200 px) the srcset is it and the preview: a phone takes the cover, never the 2048 px
 * preview, and no screen the thumbnail, which the tall, cropped hero would blow up. Photos
 * uploaded before the cover rendition offer their thumbnail and preview, as before.
 */
export function heroImage(
  photos: readonly ShownPhoto[],
  coverSrc: string | undefined,
): { src: string; srcSet?: string } | undefined {
  const photo = coverSrc
    ? photos.find(
        (shown) =>
          shown.thumbSrc === coverSrc ||
          shown.previewSrc === coverSrc ||
          sameRenditionPhoto(coverSrc, shown.previewSrc),
      )
    : photos[0];
  if (!photo) return coverSrc ? { src: coverSrc } : undefined;
  const small =
    coverSrc && renditionOf(coverSrc)?.rendition === 'cover'
      ? `${coverSrc} ${RENDITION_EDGES.cover}w`
      : // A photo with one rendition of thumbnail and preview (an old upload) lists it once.
        photo.thumbSrc !== photo.previewSrc && `${photo.thumbSrc} ${RENDITION_EDGES.thumb}w`;
  const sizes = [small, `${photo.previewSrc} ${RENDITION_EDGES.preview}w`].filter(
    (size) => typeof size === 'string',
  );
  return sizes.length === 1
    ? { src: photo.previewSrc }
    : { src: photo.previewSrc, srcSet: sizes.join(', ') };
}

interface ClientHeroProps {
  albumName: string;
  description: string | null;
  siteName: string;
  /** Undefined while the cover is being found: the hero keeps its size, dark, with its words. */
  image: { src: string; srcSet?: string } | undefined;
  contact: ReactNode;
  /** The id of the photos' section, which 'View Photos' scrolls to. */
  photosId: string;
}

/** A client gallery's first screen: the cover, full width, with the album's name, the photographer's and a way to reach them. */
export function ClientHero({
  albumName,
  description,
  siteName,
  image,
  contact,
  photosId,
}: ClientHeroProps) {
  return (
    <section
      className="relative isolate flex h-[min(78svh,760px)] min-h-[26rem] w-full overflow-hidden bg-neutral-900 text-white"
      aria-label="Cover"
      data-testid="client-hero"
    >
      {image && (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="100vw"
          alt={`Cover photo of ${albumName}`}
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
      )}
      {/* Darker towards the words, so they read on any picture. */}
      <div
        className="absolute inset-0 -z-10 bg-gradient-to-t from-black/75 via-black/25 to-black/5"
        aria-hidden
      />
      <div className="mx-auto flex w-full max-w-7xl flex-col justify-end px-5 pb-10 sm:px-6 sm:pb-14">
        <p className="text-xs font-medium tracking-[0.2em] text-white/80 uppercase sm:text-sm">
          Photographed by {siteName}
        </p>
        <h1 className="mt-3 max-w-4xl text-4xl leading-tight break-words drop-shadow-sm sm:text-6xl">
          {albumName}
        </h1>
        {description && (
          <p className="mt-3 max-w-2xl text-base whitespace-pre-line text-white/85 sm:text-lg">
            {description}
          </p>
        )}
        <div className="mt-7 flex flex-wrap items-center gap-3">
          <a
            href={`#${photosId}`}
            className="inline-flex min-h-12 items-center gap-2 rounded-full border border-white/70 px-6 py-3 text-base font-medium text-white transition-colors hover:bg-white/10"
          >
            <ArrowDown className="size-[18px]" aria-hidden /> View Photos
          </a>
          {contact}
        </div>
      </div>
    </section>
  );
}
