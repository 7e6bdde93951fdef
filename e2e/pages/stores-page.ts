import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

/** /stores: the stores table, its row actions and the live pull progress. */
export class StoresPage {
  readonly page: Page;
  readonly table: Locator;

  constructor(page: Page) {
    this.page = page;
    this.table = page.getByRole('table', { name: 'Stores' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/stores');
    await new AppShell(this.page).expectReady();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ hasText: name });
  }

  pullButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Pull orders from ${name}` });
  }

  syncLogButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Sync log of ${name}` });
  }
}
