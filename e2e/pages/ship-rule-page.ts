import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

/** /ship_rule: the rule set picker, the toolbar, the rules in order, the rule editor and the test dialog. */
export class ShipRulePage {
  readonly page: Page;
  readonly heading: Locator;
  readonly setPicker: Locator;
  readonly toolbar: Locator;
  readonly editor: Locator;
  readonly testDialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Ship Rule' });
    this.setPicker = page.getByRole('combobox', { name: 'Rules for' });
    this.toolbar = page.getByRole('toolbar', { name: 'Rule set' });
    this.editor = page.getByRole('dialog', { name: 'New rule' });
    this.testDialog = page.getByRole('dialog', { name: 'Test on recent orders' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/ship_rule${query}`);
    await new AppShell(this.page).expectReady();
    await this.expectLoaded();
  }

  /** The page's set is loaded: the picker shows it (the skeleton has none). */
  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.setPicker).toBeVisible();
  }

  /** The header's line under the title: "Not saved yet", or "Version 3 · saved by … on …". */
  get versionLine(): Locator {
    return this.page
      .locator('header')
      .filter({ has: this.heading })
      .getByText(/^(Not saved yet|Version \d+ · saved)/);
  }

  toolbarButton(name: 'Add rule' | 'Test on recent orders' | 'History' | 'Discard' | 'Save'): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }

  rules(storeName = 'All stores'): Locator {
    return this.page.getByRole('list', { name: `Rules for ${storeName}` });
  }

  rule(position: number, name: string): Locator {
    return this.page.getByRole('listitem', { name: `Rule ${position}: ${name}` });
  }

  /** A MUI select of the open editor: opens it and picks the option. */
  async choose(scope: Locator, select: string, option: string): Promise<void> {
    await scope.getByRole('combobox', { name: select, exact: true }).click();
    await this.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    await expect(scope.getByRole('combobox', { name: select, exact: true })).toHaveText(option);
  }

  condition(index: number): Locator {
    return this.editor.getByRole('group', { name: `Condition ${index}` });
  }

  action(index: number): Locator {
    return this.editor.getByRole('group', { name: `Action ${index}` });
  }
}
