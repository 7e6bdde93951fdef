import { expect, type Locator, type Page } from '@playwright/test';
import type { SetupGuide } from '@shipdesk/contract';

/** The signed-in layout: sidebar, header, footer (spec 2.3). */
export class AppShell {
  readonly page: Page;
  readonly sidebar: Locator;
  readonly setupGuide: Locator;

  constructor(page: Page) {
    this.page = page;
    this.sidebar = page.getByLabel('Main navigation');
    this.setupGuide = page.getByRole('heading', { name: 'Setup Guide' });
  }

  /** The setup guide as the server computes it for the signed-in organisation. */
  async setupGuideState(): Promise<SetupGuide> {
    const token = await this.page.evaluate(
      () => (JSON.parse(localStorage.getItem('authData') ?? '{}') as { token: string }).token,
    );
    const res = await this.page.request.get('/call/setupGuide', { headers: { authorization: `Bearer ${token}` } });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { data: SetupGuide }).data;
  }

  /** The seller closed the setup guide earlier in this tab's session: it does not open by itself again. */
  async setupGuideClosedThisSession(): Promise<boolean> {
    return this.page.evaluate(() => sessionStorage.getItem('setupGuideClosed') !== null);
  }

  /**
   * The shell is up; the setup guide, which opens by itself on the session's first page load while a step is open
   * (other tests of the run may have completed them all), is closed again. It does not block the page, but it would
   * sit over what a test clicks or photographs.
   */
  async expectReady(): Promise<void> {
    await expect(this.page.getByText('version 1.6')).toBeAttached();
    const guide = await this.setupGuideState();
    if (guide.completed < guide.total && !(await this.setupGuideClosedThisSession())) {
      await expect(this.setupGuide).toBeVisible();
      await this.page.keyboard.press('Escape');
    }
    await expect(this.setupGuide).toBeHidden();
    await expect(this.sidebar).toBeVisible();
  }

  menuEntry(title: string): Locator {
    return this.sidebar.getByRole('link', { name: title, exact: true });
  }

  async toggleMenu(): Promise<void> {
    await this.page.getByRole('button', { name: /(collapse|expand) menu/i }).click();
  }

  async openUserMenu(): Promise<void> {
    await this.page.getByRole('button', { name: /account menu/i }).click();
  }

  async logout(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Please Confirm' });
    await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  }
}
