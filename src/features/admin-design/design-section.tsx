import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SiteDesign } from '@/theme/design-settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';

/** What each section of the screen is given: the design as edited, and how to change part of it. */
export interface DesignSectionProps {
  design: SiteDesign;
  onChange: (patch: Partial<SiteDesign>) => void;
}

/** One group of the Site Design screen (SPEC §2): a titled card. */
export function DesignSection({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = `design-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card role="group" aria-labelledby={id}>
      <CardHeader className="p-4 pb-2 sm:p-6 sm:pb-3">
        <CardTitle id={id} className="flex items-center gap-2 text-base sm:text-lg">
          <Icon className="size-4 text-muted-foreground" aria-hidden />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="@container p-4 pt-2 sm:p-6 sm:pt-3">{children}</CardContent>
    </Card>
  );
}
