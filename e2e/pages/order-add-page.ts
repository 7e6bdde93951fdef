import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export interface NewOrderInput {
  sku: string;
  name: string;
  quantity: number;
  unitPrice: string;
  customerName: string;
  customerEmail: string;
  shipTo: { name: string; address1: string; city: string; state: string; postalCode: string; country: string };
  shipping?: string;
}

/** /orders/add: the manual order form. */
export class OrderAddPage {
  readonly page: Page;
  readonly heading: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Add order' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/orders/add');
    // A fresh page load opens the setup guide while its steps are open; close it.
    await new AppShell(this.page).expectReady();
    await expect(this.heading).toBeVisible();
  }

  /** Fills the form, submits it and waits for the new order's view; returns its id. */
  async create(order: NewOrderInput): Promise<string> {
    const item = this.page.getByRole('group', { name: 'Item 1' });
    await item.getByRole('textbox', { name: 'SKU' }).fill(order.sku);
    await item.getByRole('textbox', { name: 'Item name' }).fill(order.name);
    await item.getByRole('textbox', { name: 'Qty' }).fill(String(order.quantity));
    await item.getByRole('textbox', { name: 'Unit price' }).fill(order.unitPrice);
    await this.page.getByRole('textbox', { name: 'Customer name' }).fill(order.customerName);
    await this.page.getByRole('textbox', { name: 'Customer e-mail' }).fill(order.customerEmail);
    const address = this.page.getByRole('group', { name: 'Shipping address' });
    await address.getByRole('textbox', { name: 'Full name' }).fill(order.shipTo.name);
    await address.getByRole('textbox', { name: 'Address', exact: true }).fill(order.shipTo.address1);
    await address.getByRole('textbox', { name: 'City' }).fill(order.shipTo.city);
    await address.getByRole('textbox', { name: 'State / region' }).fill(order.shipTo.state);
    await address.getByRole('textbox', { name: 'Postal code' }).fill(order.shipTo.postalCode);
    await address.getByRole('textbox', { name: 'Country' }).fill(order.shipTo.country);
    if (order.shipping) await this.page.getByRole('textbox', { name: 'Shipping', exact: true }).fill(order.shipping);
    await this.page.getByRole('button', { name: 'Create order' }).click();
    await expect(this.page).toHaveURL(/\/orders\/view\/\d+$/);
    return new URL(this.page.url()).pathname.split('/').at(-1)!;
  }
}
