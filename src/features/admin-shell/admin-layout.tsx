import { PanelLeft } from 'lucide-react';
import { Dialog, VisuallyHidden } from 'radix-ui';
import { Suspense, useState, type ReactNode } from 'react';
import { Redirect, useNavigate } from '@/lib/navigation/navigation';
import { useAuth } from '@/lib/auth/auth-provider';
import { useOutboxSnapshot } from '@/offline/outbox/outbox-provider';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageLoader } from '@/ui/page-loader';
import { notify } from '@/ui/toast';
import { UnsavedChangesProvider } from '@/ui/unsaved-changes';
import { AdminSidebar } from './admin-sidebar';
import { SyncStatus } from './sync-status';
import { useSidebarState } from './use-sidebar-state';

/** The admin shell (SPEC §2): guard, sidebar (drawer on phones), top bar, the screen. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { status, username, signOut } = useAuth();
  const navigate = useNavigate();
  const sidebar = useSidebarState();
  const unsent = useOutboxSnapshot().items.length;
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);

  if (status === 'resolving') {
    return (
      <div className="admin-theme flex min-h-dvh bg-background">
        <PageLoader />
      </div>
    );
  }
  if (status === 'signed-out') return <Redirect to="/admin" replace />;

  const preview = () => {
    window.open('/', '_blank', 'noopener');
    notify.info('Opening preview', 'Public site opened in new tab');
  };
  const handleSignOut = async () => {
    sidebar.setDrawerOpen(false);
    await signOut();
    notify.success('Signed out', 'You have been signed out successfully');
    navigate('/', { replace: true });
  };
  // Changes not yet on the server stay queued on this device, but nothing sends them until
  // someone signs in again here: say so before signing out.
  const requestSignOut = () => (unsent > 0 ? setConfirmingSignOut(true) : void handleSignOut());

  return (
    <UnsavedChangesProvider>
      <div className="admin-theme flex min-h-dvh bg-background text-foreground">
        {!sidebar.isMobile && (
          <aside
            data-state={sidebar.expanded ? 'expanded' : 'collapsed'}
            className={cn(
              'sticky top-0 h-dvh shrink-0 border-r bg-card transition-[width] duration-200',
              sidebar.expanded ? 'w-64' : 'w-12',
            )}
          >
            <AdminSidebar
              compact={!sidebar.expanded}
              onPreview={preview}
              onSignOut={requestSignOut}
            />
          </aside>
        )}
        {sidebar.isMobile && (
          <Dialog.Root open={sidebar.drawerOpen} onOpenChange={sidebar.setDrawerOpen}>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
              <Dialog.Content className="admin-theme fixed inset-y-0 left-0 z-50 w-72 border-r bg-card text-foreground shadow-xl focus:outline-none">
                <VisuallyHidden.Root>
                  <Dialog.Title>Navigation</Dialog.Title>
                  <Dialog.Description>Admin sections</Dialog.Description>
                </VisuallyHidden.Root>
                <AdminSidebar
                  compact={false}
                  onNavigate={() => sidebar.setDrawerOpen(false)}
                  onPreview={preview}
                  onSignOut={requestSignOut}
                />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background px-3 md:px-6">
            <Button
              variant="ghost"
              size="icon"
              onClick={sidebar.toggle}
              aria-label="Toggle Sidebar"
              title="Toggle sidebar (Ctrl/Cmd+B)"
            >
              <PanelLeft aria-hidden />
            </Button>
            <div className="ml-auto flex items-center gap-3 text-sm text-muted-foreground">
              <SyncStatus />
              <span className="hidden sm:inline" data-testid="admin-username">
                {username}
              </span>
            </div>
          </header>
          <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-8 md:py-8">
            {/* The shell stays while a screen's code loads. */}
            <Suspense fallback={<PageLoader />}>{children}</Suspense>
          </main>
        </div>
        <ConfirmDialog
          open={confirmingSignOut}
          onOpenChange={setConfirmingSignOut}
          title="Sign out with unsent changes?"
          description={`${unsent} ${unsent === 1 ? 'change has' : 'changes have'} not reached the server yet. They stay on this device and are sent the next time you sign in here; until then nobody else will see them.`}
          confirmLabel="Sign Out Anyway"
          onConfirm={() => void handleSignOut()}
        />
      </div>
    </UnsavedChangesProvider>
  );
}
