import { expect, type Page } from '@playwright/test';

/** The SSO's own login page: the only password form of the product. */
export class SsoLoginPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`^http://localhost:${process.env.E2E_SSO_PORT}/`));
    await expect(this.page.getByLabel(/e-?mail/i)).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.expectShown();
    await this.page.getByLabel(/e-?mail/i).fill(email);
    await this.page.getByLabel(/^password$/i).fill(password);
    await this.page.getByRole('button', { name: /sign in/i }).click();
  }
}
