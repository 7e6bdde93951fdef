import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

/** /orders: tabs, filters, the table and its paging. */
export class OrdersListPage {
  readonly page: Page;
  readonly table: Locator;
  readonly search: Locator;

  constructor(page: Page) {
    this.page = page;
    this.table = page.getByRole('table', { name: 'Orders' });
    this.search = page.getByRole('searchbox', { name: 'Search' });
  }

  async goto(path = '/orders'): Promise<void> {
    await this.page.goto(path);
    // A fresh page load opens the setup guide while its steps are open; close it.
    await new AppShell(this.page).expectReady();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  }

  row(orderNumber: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name: orderNumber, exact: true }) });
  }

  tab(status: string): Locator {
    // The status row is links (a navigation named 'Order status'), the current one aria-current="page".
    return this.page
      .getByRole('navigation', { name: 'Order status' })
      .getByRole('link', { name: new RegExp(`^${status}\\s*~?[\\d.KMBT]+$`) });
  }
}
