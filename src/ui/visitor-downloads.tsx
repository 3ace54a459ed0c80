import { Download } from 'lucide-react';
import type { FieldValues } from 'react-hook-form';
import type { VisitorDownloads } from '@/lib/backend/database.types';
import { Badge } from './badge';
import { FormChoice, type BoundField } from './form-controls';

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
export function VisitorDownloadsField<Form extends FieldValues>(
  props: BoundField<Form, VisitorDownloads> & { hint: string },
) {
  return <FormChoice label="Visitor downloads" choices={VISITOR_DOWNLOAD_CHOICES} {...props} />;
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
