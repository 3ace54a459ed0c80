import { useMemo } from 'react';
import { encode } from 'uqr';
import { cn } from './cn';

/**
 * The dark modules of a QR code as one SVG path: each run of dark modules in a row is one
 * rectangle, so a link's code is a few hundred path commands instead of thousands of elements.
 */
function modulesPath(data: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return parts.join('');
}

/**
 * A QR code of `value`, drawn as SVG (black on white whatever the theme, with the quiet zone
 * scanners need), named for screen readers by `label`.
 */
export function QrCode({
  value,
  label,
  className,
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const code = useMemo(() => encode(value, { ecc: 'M', border: 4 }), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${code.size} ${code.size}`}
      shapeRendering="crispEdges"
      className={cn('block bg-white', className)}
      data-testid="qr-code"
    >
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={modulesPath(code.data)} fill="#000" />
    </svg>
  );
}
