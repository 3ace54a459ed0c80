import { Eye, LoaderCircle, Palette, RotateCcw, Save } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toSiteSettings } from '@/theme/design-settings';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { PageLoader } from '@/ui/page-loader';
import { notify } from '@/ui/toast';
import { BackgroundStyleSection } from './background-style-section';
import { ColourPaletteSection } from './colour-palette-section';
import { ContactButtonSection } from './contact-button-section';
import { DesignSection } from './design-section';
import { HeroBackgroundSection } from './hero-background-section';
import { LivePreviewCard } from './live-preview-card';
import { PreviewDialog } from './preview-dialog';
import { TypographySection } from './typography-section';
import { useDesignDraft } from './use-design-draft';

/**
 * /admin/design (SPEC §2, §4): every change stays on this screen until Preview (applies it
 * to this page only) or Save Changes (sends all settings at once through the outbox).
 */
export function DesignPage() {
  const { loading, failed, retry, design, dirty, change, hero, reset, save, saving } =
    useDesignDraft();
  const [previewing, setPreviewing] = useState(false);
  // What the preview frames show: the settings as they would be saved.
  const previewSettings = useMemo(() => toSiteSettings(design), [design]);

  const preview = () => {
    setPreviewing(true);
    notify.success('Preview Updated');
  };

  if (loading) return <PageLoader />;
  if (failed) {
    return (
      <>
        <PageHeader title="Site Design" />
        <EmptyState
          icon={Palette}
          title="Design settings could not be loaded"
          description="Check the connection, then try again."
          action={<Button onClick={retry}>Try Again</Button>}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Site Design"
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            Colours, background, hero image, contact button and fonts of your public site.
            {dirty && <Badge tone="pending">Unsaved changes</Badge>}
          </span>
        }
        actions={
          <>
            <Button variant="outline" onClick={preview}>
              <Eye aria-hidden /> Preview
            </Button>
            <Button onClick={() => void save()} disabled={saving}>
              {saving ? (
                <LoaderCircle className="animate-spin" aria-hidden />
              ) : (
                <Save aria-hidden />
              )}{' '}
              Save Changes
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_22rem]">
        <LivePreviewCard settings={previewSettings} />
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-1">
          <ColourPaletteSection design={design} onChange={change} />
          <BackgroundStyleSection design={design} onChange={change} />
          <HeroBackgroundSection
            design={design}
            imageUrl={hero.displayUrl(design.hero_background_image)}
            uploading={hero.uploading}
            onChoose={(file) => void hero.upload(file, design.hero_background_image)}
            onChange={change}
          />
          <ContactButtonSection design={design} onChange={change} />
          <TypographySection design={design} onChange={change} />
          <ResetSection onReset={reset} />
        </div>
      </div>
      <PreviewDialog open={previewing} onOpenChange={setPreviewing} settings={previewSettings} />
    </>
  );
}

function ResetSection({ onReset }: { onReset: () => void }) {
  return (
    <DesignSection
      icon={RotateCcw}
      title="Reset"
      description="Go back to the recommended palette, clean background, Playfair Display and Lato, no hero blur, full opacity and the default contact button wording. Your hero image and contact details stay."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          Nothing is saved until you click Save Changes.
        </p>
        <Button variant="outline" onClick={onReset}>
          <RotateCcw aria-hidden /> Reset to Defaults
        </Button>
      </div>
    </DesignSection>
  );
}
