import { useState } from 'react';
import type { SiteSettings } from '@/lib/backend/site-settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { PreviewWidthToggle } from './preview-dialog';
import { SitePreviewFrame, type PreviewWidth } from './site-preview-frame';

/** The home page with the edited settings, beside the controls, at a phone's or a desktop's width. */
export function LivePreviewCard({ settings }: { settings: SiteSettings }) {
  const [width, setWidth] = useState<PreviewWidth>('phone');
  return (
    <Card className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
      <CardHeader className="p-4 pb-2">
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-base">Live Preview</CardTitle>
          <PreviewWidthToggle value={width} onChange={setWidth} />
        </div>
        <CardDescription>
          Your home page with these settings. Visitors see them once you save.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-2">
        <SitePreviewFrame
          settings={settings}
          width={width}
          height={560}
          title="Live preview of your home page"
        />
      </CardContent>
    </Card>
  );
}
