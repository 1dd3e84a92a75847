import { Building2, ExternalLink, Globe2, LogOut, MapPinned, MonitorSmartphone, Upload } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SiteLink } from '../../lib/navigation';
import { AdminLayout } from '../../components/admin/admin-layout';
import { BackupCard } from '../../components/admin/dashboard/backup-card';
import { isEmptySite, NeedsAttention, useDashboardCounts } from '../../components/admin/dashboard/needs-attention';
import { GroupWithinSetting } from '../../components/admin/publishing/group-within-setting';
import { HomeHighlightsCard } from '../../components/admin/featured/home-highlights-card';
import { NewUploadsSetting } from '../../components/admin/publishing/new-uploads-setting';
import { NewAreasSetting } from '../../components/admin/publishing/new-areas-setting';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toaster';
import { useLogout, useLogoutEverywhere } from '../../lib/admin-session';
import type { LoginPageState } from './login-page';

const SECTIONS = [
  { to: '/iladmin/upload', title: 'Upload Photos', text: 'Turn geotagged photos into new places.', icon: Upload },
  {
    to: '/iladmin/edit-places',
    title: 'Edit Places',
    text: 'Edit, translate and enrich places and galleries.',
    icon: MapPinned,
  },
  { to: '/iladmin/edit-cities', title: 'Manage Cities', text: 'Add, edit or delete cities.', icon: Building2 },
  { to: '/iladmin/edit-countries', title: 'Manage Countries', text: 'Add, edit or delete countries.', icon: Globe2 },
] as const;

export default function DashboardPage() {
  const logout = useLogout();
  const logoutEverywhere = useLogoutEverywhere();
  const [confirmingEverywhere, setConfirmingEverywhere] = useState(false);
  const navigate = useNavigate();
  const counts = useDashboardCounts();
  // "Welcome back" only to an owner who has been here before: an empty site is a first visit
  const firstVisit = !counts.data || isEmptySite(counts.data);

  function signOut() {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success('Logged out', { description: 'You have been successfully logged out' });
        void navigate('/iladmin/login');
      },
      onError: () => toast.error('Error', { description: 'Failed to logout' }),
    });
  }

  function signOutEverywhere() {
    logoutEverywhere.mutate(undefined, {
      onSuccess: () => {
        const state: LoginPageState = { signedOutEverywhere: true };
        void navigate('/iladmin/login', { state });
      },
      onError: () => {
        setConfirmingEverywhere(false);
        toast.error('Error', { description: 'Could not sign out the other devices. Please try again.' });
      },
    });
  }

  return (
    <AdminLayout
      title="Admin Panel"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href="/">
              <ExternalLink aria-hidden="true" /> View site
            </a>
          </Button>
          <Button variant="outline" onClick={() => setConfirmingEverywhere(true)} disabled={logoutEverywhere.isPending}>
            <MonitorSmartphone aria-hidden="true" /> Sign out everywhere
          </Button>
          <Button variant="outline" onClick={signOut} disabled={logout.isPending}>
            <LogOut aria-hidden="true" /> Logout
          </Button>
        </div>
      }
    >
      <title>Admin Panel · Travel Places</title>
      <Card className="mb-6 bg-gradient-to-br from-brand-700 to-brand-900 text-white">
        <CardHeader>
          <CardTitle className="text-white">{firstVisit ? 'Welcome' : 'Welcome back'}</CardTitle>
          <CardDescription className="text-brand-50">
            {firstVisit
              ? 'Start with Upload Photos: each geotagged photo becomes a place.'
              : 'Upload new photos, polish the places they became, and keep cities and countries tidy.'}
          </CardDescription>
        </CardHeader>
      </Card>
      {/* The owner's main actions come first, above the fold on a laptop and a phone; counts and settings follow. */}
      <nav aria-label="Admin sections" className="mb-8 grid gap-4 sm:grid-cols-2">
        {SECTIONS.map(({ to, title, text, icon: Icon }) => (
          <SiteLink
            key={to}
            to={to}
            className="group rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Card className="h-full transition-shadow group-hover:shadow-md">
              <CardHeader className="flex-row items-center gap-4">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span>
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </span>
              </CardHeader>
            </Card>
          </SiteLink>
        ))}
      </nav>
      <NeedsAttention />
      <NewUploadsSetting />
      <NewAreasSetting />
      <GroupWithinSetting />
      <HomeHighlightsCard />
      <BackupCard />
      <ConfirmDialog
        open={confirmingEverywhere}
        onOpenChange={(open) => !open && !logoutEverywhere.isPending && setConfirmingEverywhere(false)}
        title="Sign out everywhere"
        message="This signs out every computer, phone and browser that is signed in to the admin, this one included. Use it if a device was lost or someone else may know the password. You will need the password to sign in again."
        confirmLabel="Sign out everywhere"
        pendingLabel="Signing out..."
        pending={logoutEverywhere.isPending}
        onConfirm={signOutEverywhere}
      />
    </AdminLayout>
  );
}
