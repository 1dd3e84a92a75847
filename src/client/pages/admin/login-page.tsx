import { LockKeyhole } from 'lucide-react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { useLogin } from '../../lib/admin-session';
import { useInBrowser } from '../../lib/use-in-browser';

/** What another admin screen may hand the login screen when it sends the user here. */
export interface LoginPageState {
  /** "Sign out everywhere" just ended every session. */
  signedOutEverywhere?: boolean;
}

export default function LoginPage() {
  // The form is sent with the page (routes/pages.ts) and painted at once; until the script has taken
  // it over, Login waits (a click would submit the form by itself). What is typed meanwhile stays.
  const ready = useInBrowser();
  const state = useLocation().state as LoginPageState | null;
  const login = useLogin();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // read from the field itself (it is not controlled, so nothing typed before hydration is lost)
    const password = new FormData(event.currentTarget).get('password');
    login.mutate(typeof password === 'string' ? password : '', {
      onSuccess: () => {
        // A failed try before this one is history now: its toast must not outlive the sign-in.
        toast.dismiss();
        toast.success('Login successful', { description: 'Welcome to the admin panel' });
        void navigate('/iladmin');
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          toast.error('Login failed', { description: error.serverMessage ?? 'Invalid password' });
        } else {
          toast.error('Error', { description: 'Failed to connect to server' });
        }
      },
    });
  }

  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 px-4">
      <meta name="robots" content="noindex, nofollow" />
      <title>Admin login · Travel Places</title>
      <main className="w-full max-w-sm">
        <Card>
          <CardHeader className="items-center text-center">
            <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              <LockKeyhole className="size-6" aria-hidden="true" />
            </div>
            <h1 className="text-xl font-semibold text-slate-900">Admin Login</h1>
            <CardDescription>Enter the admin password to manage places.</CardDescription>
          </CardHeader>
          <CardContent>
            {state?.signedOutEverywhere && (
              <p
                role="status"
                className="mb-4 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800"
              >
                Every device has been signed out, this one included. Enter the password to sign in again.
              </p>
            )}
            <form onSubmit={submit} className="flex flex-col gap-4">
              <div className="flex flex-col gap-2">
                <Label htmlFor="password">Password</Label>
                <Input
                  id="password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  autoFocus
                />
              </div>
              <Button type="submit" disabled={!ready || login.isPending} className="w-full">
                {login.isPending ? 'Logging in...' : 'Login'}
              </Button>
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
