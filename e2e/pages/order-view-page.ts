import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

/** /orders/view/:id: one order, its actions, notes and history. */
export class OrderViewPage {
  readonly page: Page;
  readonly history: Locator;
  readonly notes: Locator;

  constructor(page: Page) {
    this.page = page;
    this.history = page.getByRole('list', { name: 'Order history' });
    this.notes = page.getByRole('region', { name: 'Notes' });
  }

  async goto(id: string): Promise<void> {
    await this.page.goto(`/orders/view/${id}`);
    // A fresh page load opens the setup guide while its steps are open; close it.
    await new AppShell(this.page).expectReady();
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(/^Order /);
  }

  /** The order number from the heading 'Order <number>', once the view shows it (not the page it came from). */
  async orderNumber(): Promise<string> {
    const heading = this.page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^Order\s+\S/);
    const text = await heading.innerText();
    return text.replace(/^Order\s+/, '').trim();
  }

  status(kind: 'Order status' | 'Payment' | 'Shipment'): Locator {
    return this.page.getByLabel(new RegExp(`^${kind}: `));
  }

  action(label: string): Locator {
    return this.page.getByRole('button', { name: label, exact: true });
  }

  /** Runs an event that only asks for confirmation. */
  async confirm(label: string): Promise<void> {
    await this.action(label).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: label, exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** Process payment with the amount the server proposes (the balance due); returns that amount. */
  async takePayment(): Promise<string> {
    await this.action('Process payment').click();
    const dialog = this.page.getByRole('dialog');
    const amount = await dialog.getByRole('textbox', { name: /^Amount/ }).inputValue();
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
    return amount;
  }

  async cancel(reason: string): Promise<void> {
    await this.action('Cancel order').click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
  }

  async addNote(text: string): Promise<void> {
    await this.notes.getByRole('textbox', { name: 'Add a note' }).fill(text);
    await this.notes.getByRole('button', { name: 'Add note' }).click();
    await expect(this.notes.getByRole('list', { name: 'Notes' })).toContainText(text);
  }

  async editNote(from: string, to: string): Promise<void> {
    await this.notes.getByRole('listitem').filter({ hasText: from }).getByRole('button', { name: 'Edit note' }).click();
    // While it is edited, the note's text is in the text box, not in the item.
    const item = this.notes
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('textbox', { name: 'Edit note' }) });
    await item.getByRole('textbox', { name: 'Edit note' }).fill(to);
    await item.getByRole('button', { name: 'Save' }).click();
    await expect(this.notes.getByRole('list', { name: 'Notes' })).toContainText(to);
  }

  async downloadPackingSlip(format: '4×6 label printer' | 'Letter paper' = '4×6 label printer'): Promise<Download> {
    await this.action('Packing slip').click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('radio', { name: format }).check();
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    await expect(dialog).toBeHidden();
    return download;
  }
}
