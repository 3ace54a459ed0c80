import { useQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  FolderOpen,
  FolderPlus,
  Image,
  Link2,
  MessageCircleHeart,
  Palette,
  type LucideIcon,
} from 'lucide-react';
import { Link } from '@/lib/navigation/navigation';
import type { AdminQueryKey } from '@/lib/admin-data';
import { useBackend } from '@/lib/backend/backend-context';
import { getDashboardStats } from '@/lib/backend/dashboard';
import { listRecentLinkActivity } from '@/lib/backend/link-activity';
import { EXAMPLE_CONTACT, isExampleContact } from '@/theme/design-settings';
import { siteSettingsQuery } from '@/theme/site-settings-query';
import { buttonClasses } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { PageHeader } from '@/ui/page-header';
import { useErrorToast } from '@/ui/use-error-toast';
import { RecentActivity } from './recent-activity';

export const dashboardKeys = {
  stats: () => ['admin', 'dashboard', 'stats'] as const satisfies AdminQueryKey,
  activity: () => ['admin', 'dashboard', 'activity'] as const satisfies AdminQueryKey,
};

function StatCard({
  label,
  value,
  icon: Icon,
  loading,
}: {
  label: string;
  value?: number;
  icon: LucideIcon;
  loading: boolean;
}) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between p-4 sm:p-6">
        <div className="min-w-0">
          <p className="truncate text-xs text-muted-foreground sm:text-sm">{label}</p>
          <p
            className="mt-1 font-heading text-2xl lining-nums tabular-nums sm:text-3xl"
            data-testid={`stat-${label}`}
          >
            {loading ? (
              <span className="inline-block h-8 w-10 animate-pulse rounded bg-muted align-middle" />
            ) : (
              (value ?? '–')
            )}
          </p>
        </div>
        <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-secondary sm:flex">
          <Icon className="size-5" aria-hidden />
        </span>
      </CardContent>
    </Card>
  );
}

const QUICK_ACTIONS = [
  {
    label: 'New Collection',
    description: 'Start a collection for a shoot',
    to: '/admin/albums?new=1',
    icon: FolderPlus,
  },
  {
    label: 'Manage Client Links',
    description: 'Share private galleries',
    to: '/admin/links',
    icon: Link2,
  },
  {
    label: 'Update Branding',
    description: 'Colours, fonts and hero image',
    to: '/admin/design',
    icon: Palette,
  },
];

const TIPS = [
  'Create a collection for each shoot in Shoot Collections, then add its photos.',
  'Send clients a private link from Client Links; add a passcode to keep it between you.',
  'Pick your best work into a Public Gallery to feature it on the home page.',
  'Make the site yours in Site Design and write your story in Page Content.',
];

/** /admin/dashboard: the three counts, quick actions and getting-started tips (SPEC §2). */
export function DashboardPage() {
  const backend = useBackend();
  const stats = useQuery({
    queryKey: dashboardKeys.stats(),
    queryFn: () => getDashboardStats(backend),
  });
  useErrorToast(stats.error, 'Failed to load dashboard statistics');
  const activity = useQuery({
    queryKey: dashboardKeys.activity(),
    queryFn: () => listRecentLinkActivity(backend),
  });
  useErrorToast(activity.error, 'Failed to load recent activity');
  const settings = useQuery(siteSettingsQuery(backend));
  const contact = settings.data?.contact_value;

  return (
    <>
      <PageHeader title="Dashboard" description="Welcome back. Here is your studio at a glance." />
      {settings.isSuccess && isExampleContact(contact) && (
        <Card className="mb-6 border-primary/40" data-testid="contact-prompt">
          <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-6">
            <MessageCircleHeart
              className="hidden size-6 shrink-0 text-muted-foreground sm:block"
              aria-hidden
            />
            <div className="min-w-0 flex-1">
              <h2 className="font-heading text-lg">Tell visitors how to reach you</h2>
              <p className="text-sm text-muted-foreground">
                {contact?.trim()
                  ? `Your site's contact button still writes to ${EXAMPLE_CONTACT}, the example address.`
                  : "Your site's contact button has no address yet."}{' '}
                Set your own email, phone or booking link so enquiries reach you.
              </p>
            </div>
            <Link to="/admin/design" className={buttonClasses({})}>
              Set Contact <ArrowRight aria-hidden />
            </Link>
          </CardContent>
        </Card>
      )}
      <section aria-label="Statistics" className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard
          label="Collections"
          value={stats.data?.albums}
          icon={FolderOpen}
          loading={stats.isPending}
        />
        <StatCard
          label="Photos"
          value={stats.data?.photos}
          icon={Image}
          loading={stats.isPending}
        />
        <StatCard
          label="Client Links"
          value={stats.data?.gallery_links}
          icon={Link2}
          loading={stats.isPending}
        />
      </section>
      <RecentActivity events={activity.data} loading={activity.isPending} />
      <div className="mt-8 grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>Quick actions</CardTitle>
            <CardDescription>Jump straight to the everyday jobs.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            {QUICK_ACTIONS.map(({ label, description, to, icon: Icon }) => (
              <Link
                key={label}
                to={to}
                className="group flex items-center gap-4 rounded-lg border p-4 transition-colors hover:bg-accent"
              >
                <Icon className="size-5 text-muted-foreground" aria-hidden />
                <span className="flex-1">
                  <span className="block text-sm font-medium">{label}</span>
                  <span className="block text-xs text-muted-foreground">{description}</span>
                </span>
                <ArrowRight
                  className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  aria-hidden
                />
              </Link>
            ))}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Getting started</CardTitle>
            <CardDescription>A few steps to a finished site.</CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-3 text-sm">
              {TIPS.map((tip, index) => (
                <li key={tip} className="flex gap-3">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-medium">
                    {index + 1}
                  </span>
                  <span className="text-muted-foreground">{tip}</span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
