import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminSuite, axe, login, watchConsole } from './helpers';

describe('admin login screen', () => {
  const suite = adminSuite();
  let page: Page;
  let consoleErrors: string[];

  beforeEach(async () => {
    page = await suite.newPage();
    consoleErrors = watchConsole(page);
  });

  it('sends a visitor without a session from the admin panel to the login screen', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin`);
    await page.waitForURL(`${suite.site.baseUrl}/iladmin/login`);
    const password = page.getByLabel('Password');
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await expect(password.getAttribute('required')).resolves.not.toBeNull();
  });

  it('shows the spec toast for a wrong password and stays on the login screen', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/login`);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login failed').waitFor();
    await page.getByText('Invalid password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/iladmin/login');
  });

  it("does not keep a failed try's toast after a successful sign-in", async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/login`);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Login failed' });
    await failed.waitFor();
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await page.getByText('Login successful').waitFor();
    await failed.waitFor({ state: 'detached' });
  });

  it('shows toasts clear of the Logout button on a phone and on a laptop', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 667 },
    ]) {
      await page.setViewportSize(viewport);
      await login(page, suite.site.baseUrl);
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login successful' }).first();
      await toast.waitFor();
      const logout = page.getByRole('button', { name: 'Logout' });
      await logout.waitFor();
      const a = (await toast.boundingBox())!;
      const b = (await logout.boundingBox())!;
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect({ viewport, toast: a, logout: b, overlap }).toMatchObject({ overlap: false });
      // the toast is on the screen, not pushed out of it
      expect(a.y + a.height).toBeLessThanOrEqual(viewport.height);
      await page.context().clearCookies();
    }
  });

  it('signs in with the right password, lands on the panel, and logs out again', async () => {
    await login(page, suite.site.baseUrl);
    await page.getByText('Login successful').waitFor();
    // the toast's colours are readable (WCAG AA contrast); the context reduces motion, so it is settled
    const toastCheck = await axe(page).include('[data-sonner-toaster]').analyze();
    expect(toastCheck.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    for (const card of ['Upload Photos', 'Edit Places', 'Manage Cities', 'Manage Countries']) {
      await page.getByRole('link', { name: new RegExp(card) }).waitFor();
    }
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${suite.site.baseUrl}/iladmin/login`);
    await page.getByText('Logged out', { exact: true }).waitFor();

    // the session is gone on the server too: the panel sends us back to login
    await page.goto(`${suite.site.baseUrl}/iladmin/dashboard`);
    await page.waitForURL(`${suite.site.baseUrl}/iladmin/login`);
    expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  it('signs out every device with "Sign out everywhere", after asking first', async () => {
    // a second device, signed in at the same time
    const phone = await suite.newPage({ mobile: true });
    await login(phone, suite.site.baseUrl);
    await login(page, suite.site.baseUrl);
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();

    // Cancel ends nothing
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere' });
    await dialog.getByText('this one included').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(`${suite.site.baseUrl}/iladmin/login`);
    await page.getByRole('status').getByText('Every device has been signed out, this one included.').waitFor();
    const messageCheck = await axe(page).analyze();
    expect(messageCheck.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);

    // this browser and the phone are both signed out on the server
    await page.goto(`${suite.site.baseUrl}/iladmin/dashboard`);
    await page.waitForURL(`${suite.site.baseUrl}/iladmin/login`);
    await phone.goto(`${suite.site.baseUrl}/iladmin/upload`);
    await phone.waitForURL(`${suite.site.baseUrl}/iladmin/login`);
    // the message belongs to that moment only: a plain visit to the login screen does not show it
    await expect(page.getByText('Every device has been signed out').count()).resolves.toBe(0);
    expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
    await phone.context().close();
  });
});
