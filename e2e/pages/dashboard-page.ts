import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

/** /dashboard: the period filter and the four order tiles. */
export class DashboardPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/dashboard${query}`);
    await new AppShell(this.page).expectReady();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  }

  tile(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** The tile's current figure as a number (a K/M suffix multiplies). */
  async current(title: string): Promise<number> {
    const figure = this.tile(title).locator('dd').first();
    await expect(figure).toHaveText(/\d/);
    const text = (await figure.innerText()).trim();
    const match = /^([\d.,]+)\s*([KMBT])?$/.exec(text);
    if (!match) throw new Error(`not a figure: "${text}"`);
    const scale = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[match[2] as 'K'] ?? 1;
    return Number(match[1]!.replace(/,/g, '')) * scale;
  }

  period(name: 'Today' | 'This Week' | 'This Month'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }
}
