import { Download } from 'lucide-react';
import type { VisitorDownloads } from '@/lib/backend/database.types';
import { Badge } from './badge';
import { ChoiceField } from './choice-field';

/** The choices, as the photographer reads them (docs/SECURITY.md, class 6: the server enforces them). */
export const VISITOR_DOWNLOAD_CHOICES: ReadonlyArray<{
  value: VisitorDownloads;
  label: string;
  badge: string;
}> = [
  { value: 'off', label: 'Off', badge: 'No downloads' },
  { value: 'web', label: 'Web size (2048 px)', badge: 'Web-size downloads' },
  { value: 'original', label: 'Original', badge: 'Original downloads' },
];

const choice = (value: VisitorDownloads) =>
  VISITOR_DOWNLOAD_CHOICES.find((entry) => entry.value === value)!;

/** 'Visitor downloads': Off, Web size (2048 px) or Original, for a public gallery or collection. */
export function VisitorDownloadsField({
  value,
  onChange,
  hint,
}: {
  value: VisitorDownloads;
  onChange: (value: VisitorDownloads) => void;
  hint: string;
}) {
  return (
    <ChoiceField
      label="Visitor downloads"
      hint={hint}
      value={value}
      onChange={onChange}
      choices={VISITOR_DOWNLOAD_CHOICES}
    />
  );
}

/** The card's badge: what visitors may download. */
export function VisitorDownloadsBadge({
  value,
  className,
}: {
  value: VisitorDownloads;
  className?: string;
}) {
  return (
    <Badge tone="outline" className={className} title="Visitor downloads">
      <Download aria-hidden /> {choice(value).badge}
    </Badge>
  );
}
