import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

type ImageOrProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string | null | undefined;
  alt: string;
  /** Shown when there is no image, or it cannot load (offline and not kept, or gone). */
  fallback: ReactNode;
};

/** An image that gives way to a calm placeholder instead of the browser's broken-image icon. */
export function ImageOr({ src, alt, fallback, ...props }: ImageOrProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <>{fallback}</>;
  return <img src={src} alt={alt} {...props} onError={() => setFailed(src)} />;
}
