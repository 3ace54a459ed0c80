import { WifiOff } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { AdminUsersPanel } from './admin-users-panel';
import { ChangePasswordForm } from './change-password-form';
import { SignedInDevicesPanel } from './signed-in-devices-panel';
import { useOnline } from '@/ui/use-online';

/**
 * Account Security. These actions carry passwords, so they skip the outbox (nothing of them
 * is written to IndexedDB) and need the server at once; offline they are disabled.
 */
export function AccountSecuritySection() {
  const offline = !useOnline();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Security</CardTitle>
        <CardDescription>
          Your password, your signed-in devices and the people who can sign in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {offline && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-amber-300/60 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
            Connect to the internet to change passwords, devices or admin users.
          </p>
        )}
        <ChangePasswordForm offline={offline} />
        <div className="border-t pt-6">
          <SignedInDevicesPanel offline={offline} />
        </div>
        <div className="border-t pt-6">
          <AdminUsersPanel offline={offline} />
        </div>
      </CardContent>
    </Card>
  );
}
