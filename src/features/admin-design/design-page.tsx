import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, LoaderCircle, Palette, RotateCcw, Save } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { readSiteSettings } from '@/lib/backend/site-settings';
import { changes } from '@/offline/outbox/registry';
import { usePendingChanges, useSubmitChange } from '@/offline/outbox/outbox-provider';
import {
  resetToDefaults,
  toSiteSettings,
  withDefaults,
  type SiteDesign,
} from '@/theme/design-settings';
import { siteKeys } from '@/theme/site-settings-query';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { PageLoader } from '@/ui/page-loader';
import { notify } from '@/ui/toast';
import { useUnsavedChanges } from '@/ui/unsaved-changes';
import { useErrorToast } from '@/ui/use-error-toast';
import { BackgroundStyleSection } from './background-style-section';
import { ColourPaletteSection } from './colour-palette-section';
import { ContactButtonSection } from './contact-button-section';
import { designKeys } from './design-keys';
import { PreviewDialog, PreviewWidthToggle } from './preview-dialog';
import { SitePreviewFrame, type PreviewWidth } from './site-preview-frame';
import { DesignSection } from './design-section';
import { HeroBackgroundSection } from './hero-background-section';
import { TypographySection } from './typography-section';
import { useHeroUpload } from './use-hero-upload';

const sameDesign = (a: SiteDesign, b: SiteDesign) =>
  JSON.stringify(toSiteSettings(a)) === JSON.stringify(toSiteSettings(b));

/**
 * /admin/design (SPEC §2, §4): every change stays on this screen until Preview (applies it
 * to this page only) or Save Changes (sends all settings at once through the outbox).
 */
export function DesignPage() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const submit = useSubmitChange();
  const query = useQuery({
    queryKey: designKeys.settings(),
    queryFn: () => readSiteSettings(backend),
  });
  useErrorToast(query.error, 'Failed to load design settings');
  // A save still waiting in the outbox (offline) is what the site will have: start from it.
  const waiting = usePendingChanges('settings.save')
    .filter((item) => item.status === 'pending')
    .at(-1)?.payload;
  const saved = useMemo(() => withDefaults({ ...query.data, ...waiting }), [query.data, waiting]);

  const [edited, setEdited] = useState<SiteDesign | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [cardWidth, setCardWidth] = useState<PreviewWidth>('phone');
  const [saving, setSaving] = useState(false);
  const design = edited ?? saved;
  const dirty = edited !== null && !sameDesign(edited, saved);
  useUnsavedChanges(dirty);
  // What the preview frames show: the settings as they would be saved.
  const previewSettings = useMemo(() => toSiteSettings(design), [design]);

  const change = useCallback(
    (patch: Partial<SiteDesign>) => setEdited((current) => ({ ...(current ?? saved), ...patch })),
    [saved],
  );
  const hero = useHeroUpload(
    useCallback(
      (update: (current: string | null) => string | null) =>
        setEdited((current) => {
          const base = current ?? saved;
          return { ...base, hero_background_image: update(base.hero_background_image) };
        }),
      [saved],
    ),
  );

  const preview = () => {
    setPreviewing(true);
    notify.success('Preview Updated');
  };
  const reset = () => {
    setEdited(resetToDefaults(design));
    notify.info('Design reset to defaults', 'Nothing is saved until you click Save Changes.');
  };
  const save = async () => {
    setSaving(true);
    const sent = design;
    const settings = toSiteSettings(sent);
    // A refused save leaves the queue (the edits stay on screen); one refused because the
    // session ended stays, to be sent after signing in again.
    const result = await submit(
      changes.saveSettings(settings, hero.waitFor(sent.hero_background_image)),
      {
        success: 'Design saved',
        failure: 'Failed to save design settings',
      },
    );
    setSaving(false);
    if (result !== 'synced') return;
    queryClient.setQueryData(designKeys.settings(), settings);
    void queryClient.invalidateQueries({ queryKey: siteKeys.settings() });
    // Edits made while the save was on its way stay.
    setEdited((current) => (current && sameDesign(current, sent) ? null : current));
  };

  if (query.isPending && !waiting) return <PageLoader />;
  if (query.isError && !query.data) {
    return (
      <>
        <PageHeader title="Site Design" />
        <EmptyState
          icon={Palette}
          title="Design settings could not be loaded"
          description="Check the connection, then try again."
          action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
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
        <Card className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
          <CardHeader className="p-4 pb-2">
            <div className="flex items-center justify-between gap-2">
              <CardTitle className="text-base">Live Preview</CardTitle>
              <PreviewWidthToggle value={cardWidth} onChange={setCardWidth} />
            </div>
            <CardDescription>
              Your home page with these settings. Visitors see them once you save.
            </CardDescription>
          </CardHeader>
          <CardContent className="p-4 pt-2">
            <SitePreviewFrame
              settings={previewSettings}
              width={cardWidth}
              height={560}
              title="Live preview of your home page"
            />
          </CardContent>
        </Card>
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
          <DesignSection
            icon={RotateCcw}
            title="Reset"
            description="Go back to the recommended palette, clean background, Playfair Display and Lato, no hero blur, full opacity and the default contact button wording. Your hero image and contact details stay."
          >
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-xs text-muted-foreground">
                Nothing is saved until you click Save Changes.
              </p>
              <Button variant="outline" onClick={reset}>
                <RotateCcw aria-hidden /> Reset to Defaults
              </Button>
            </div>
          </DesignSection>
        </div>
      </div>
      <PreviewDialog open={previewing} onOpenChange={setPreviewing} settings={previewSettings} />
    </>
  );
}
