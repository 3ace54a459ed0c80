import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { PhotographerProfileRow } from '@/lib/backend/database.types';
import { newChange } from '@/offline/outbox/registry';
import { useSubmitChange } from '@/offline/outbox/outbox-provider';
import { PendingBadge } from '@/ui/status-badges';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { Input } from '@/ui/input';
import { LogoField } from './logo-field';
import {
  formToProfile,
  profileSchema,
  profileToForm,
  SOCIAL_FIELDS,
  type ProfileFormValues,
} from './profile-form';
import { useUnsavedChanges } from '@/ui/unsaved-changes';
import { useChosenImage } from '@/offline/outbox/use-chosen-image';

const LOGO = {
  objectName: (extension: string) => `logo-${Date.now()}.${extension}`, // SPEC §7
  toasts: { success: 'Logo uploaded', failure: 'Failed to upload logo' },
};

interface ProfileSectionProps {
  profile: Partial<PhotographerProfileRow> | null;
  syncState: 'pending' | 'failed' | null;
}

/** Profile Settings: site name, subtitle, logo and social links, saved through the outbox. */
export function ProfileSection({ profile, syncState }: ProfileSectionProps) {
  const submit = useSubmitChange();
  const stored = useMemo(() => profileToForm(profile), [profile]);
  // `values` follows the stored profile; fields the admin is editing are kept.
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileSchema),
    values: stored,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  const setLogoUrl = (url: string | null) =>
    form.setValue('logo_url', url ?? '', { shouldDirty: true });
  const logo = useChosenImage(LOGO, setLogoUrl);
  const logoUrl = useWatch({ control: form.control, name: 'logo_url' });
  const previewUrl = logo.previewOf(logoUrl);

  const save = form.handleSubmit(async (values) => {
    const result = await submit(
      newChange('profile.save', {
        profile: formToProfile(values),
        waitFor: logo.waitFor(values.logo_url),
      }),
      {
        success: 'Profile saved',
        failure: 'Failed to save profile',
      },
    );
    if (result === 'failed') return;
    form.reset(values);
    if (result === 'synced') logo.forget();
  });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle>Profile Settings</CardTitle>
          <PendingBadge
            pending={syncState !== null}
            syncError={syncState === 'failed' ? 'The server refused the last save' : undefined}
          />
        </div>
        <CardDescription>
          Your name, subtitle, logo and social links, shown across the public site.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={formSubmit(save)} className="grid gap-6">
          <LogoField
            previewUrl={previewUrl}
            disabled={isSubmitting}
            onChoose={(file) => void logo.choose(file, form.getValues('logo_url'))}
            onRemove={() => {
              logo.forget();
              setLogoUrl(null);
            }}
          />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Site Name" error={errors.site_name?.message}>
              <Input
                placeholder="e.g. Willow & Light Photography"
                {...form.register('site_name')}
              />
            </FormField>
            <FormField
              label="Subtitle"
              error={errors.subtitle?.message}
              hint="Also the footer's tagline"
            >
              <Input
                placeholder="e.g. Portraits, families and quiet moments"
                {...form.register('subtitle')}
              />
            </FormField>
          </div>
          <fieldset className="grid gap-4">
            <legend className="mb-3 text-sm font-medium">Social Links</legend>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              {SOCIAL_FIELDS.map((field) => (
                <FormField key={field.name} label={field.label} error={errors[field.name]?.message}>
                  <Input
                    type="url"
                    inputMode="url"
                    autoCapitalize="none"
                    spellCheck={false}
                    placeholder={field.placeholder}
                    {...form.register(field.name)}
                  />
                </FormField>
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end border-t pt-5">
            <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
              <Save aria-hidden /> {isSubmitting ? 'Saving...' : 'Save Profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
