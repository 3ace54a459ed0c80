import { useEffect, useRef, useState } from 'react';
import type { SiteSettings } from '@/lib/backend/site-settings';
import { cn } from '@/ui/cn';

/** The widths the preview shows the home page at: a laptop's and a phone's. */
export const PREVIEW_WIDTHS = { desktop: 1280, phone: 390 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

// As src/app/design-preview.ts (the frame's side of this exchange; features do not import app).
const FRAME_PATH = '/?design-preview';
const READY = 'design-preview:ready';
const SETTINGS = 'design-preview:settings';

/**
 * The photographer's real home page, in a same-origin frame at a desktop's or a phone's width,
 * drawn with the settings being edited (posted to it, never saved) and scaled to fit the space
 * it is given. The frame reloads nothing as the settings change: it re-renders with each post.
 */
export function SitePreviewFrame({
  settings,
  width,
  height,
  title = 'Home page preview',
  className,
}: {
  settings: SiteSettings;
  width: PreviewWidth;
  /** The visible height, in CSS pixels of this page. */
  height: number;
  title?: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  // The frame that said it is listening (a new one opens for each width).
  const [readyFrame, setReadyFrame] = useState<MessageEventSource | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== window.location.origin)
        return;
      if ((event.data as { type?: unknown } | null)?.type === READY) setReadyFrame(event.source);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (target && readyFrame === target)
      target.postMessage({ type: SETTINGS, settings }, window.location.origin);
  }, [readyFrame, settings]);

  const logicalWidth = PREVIEW_WIDTHS[width];
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / logicalWidth) : 0;
  return (
    <div
      ref={box}
      className={cn('relative overflow-hidden rounded-lg border bg-muted', className)}
      style={{ height }}
    >
      <iframe
        ref={frame}
        // A new frame per width: the page lays itself out for the width it opens at.
        key={width}
        src={FRAME_PATH}
        title={title}
        className="absolute left-0 top-0 origin-top-left border-0 bg-background"
        style={{
          width: logicalWidth,
          height: scale > 0 ? height / scale : height,
          transform: `scale(${scale})`,
          visibility: scale > 0 ? 'visible' : 'hidden',
        }}
      />
    </div>
  );
}
