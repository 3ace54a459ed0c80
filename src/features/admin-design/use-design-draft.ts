import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { readSiteSettings } from '@/lib/backend/site-settings';
import { newChange } from '@/offline/outbox/registry';
import { waitingSiteSettings } from '@/offline/outbox/kinds/settings';
import { usePendingFor, useSubmitChange } from '@/offline/outbox/outbox-provider';
import {
  resetToDefaults,
  toSiteSettings,
  withDefaults,
  type SiteDesign,
} from '@/theme/design-settings';
import { siteKeys } from '@/theme/site-settings-query';
import { notify } from '@/ui/toast';
import { useUnsavedChanges } from '@/ui/unsaved-changes';
import { useErrorToast } from '@/ui/use-error-toast';
import { designKeys } from './design-keys';
import { useHeroUpload } from './use-hero-upload';

const sameDesign = (a: SiteDesign, b: SiteDesign) =>
  JSON.stringify(toSiteSettings(a)) === JSON.stringify(toSiteSettings(b));

/**
 * The site's design as saved and as edited on the design screen: every change stays here until
 * `save` sends all settings at once through the outbox; `reset` goes back to the defaults.
 */
export function useDesignDraft() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const submit = useSubmitChange();
  const query = useQuery({
    queryKey: designKeys.settings(),
    queryFn: () => readSiteSettings(backend),
  });
  useErrorToast(query.error, 'Failed to load design settings');
  // A save still waiting in the outbox (offline) is what the site will have: start from it.
  const waiting = waitingSiteSettings(
    usePendingFor('site-settings').filter((item) => item.status === 'pending'),
  );
  const saved = useMemo(() => withDefaults({ ...query.data, ...waiting }), [query.data, waiting]);

  const [edited, setEdited] = useState<SiteDesign | null>(null);
  const [saving, setSaving] = useState(false);
  const design = edited ?? saved;
  const dirty = edited !== null && !sameDesign(edited, saved);
  useUnsavedChanges(dirty);

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
      newChange('settings.save', { settings, waitFor: hero.waitFor(sent.hero_background_image) }),
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

  return {
    /** Nothing to start from yet (neither the server's settings nor a waiting save). */
    loading: query.isPending && !waiting,
    /** The server's settings could not be read, and none were read before. */
    failed: query.isError && !query.data,
    retry: () => void query.refetch(),
    design,
    dirty,
    change,
    hero,
    reset,
    save,
    saving,
  };
}
