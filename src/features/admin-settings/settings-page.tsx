import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { PageHeader } from '@/ui/page-header';
import { PageLoader } from '@/ui/page-loader';
import { AccountSecuritySection } from './account-security-section';
import { FooterPreview } from './footer-preview';
import { LinkDefaultsSection } from './link-defaults-section';
import { ProfileSection } from './profile-section';
import { useProfile } from './use-profile';

/** /admin/settings: profile, footer preview, client link defaults and account security (SPEC §2). */
export function SettingsPage() {
  const { profile, isPending, isUnavailable, retry, syncState } = useProfile();
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your profile, the site footer, client link defaults and who can sign in."
      />
      <div className="grid max-w-4xl gap-6">
        {isPending ? (
          <Card>
            <PageLoader label="Loading profile..." />
          </Card>
        ) : isUnavailable ? (
          <Card>
            <CardHeader>
              <CardTitle>Profile Settings</CardTitle>
              <CardDescription>Failed to load profile</CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="outline" onClick={retry}>
                Try Again
              </Button>
            </CardContent>
          </Card>
        ) : (
          <>
            <ProfileSection profile={profile} syncState={syncState} />
            <FooterPreview profile={profile} />
          </>
        )}
        <LinkDefaultsSection />
        <AccountSecuritySection />
      </div>
    </>
  );
}
