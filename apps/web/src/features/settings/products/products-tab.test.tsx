import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Product, type ProductFillProgress, type ProductImportResult } from '@shipdesk/contract';
import { mockFetch, type RecordedRequest } from '@/lib/testing/render-with-store';
import { boxSize, ok, refused, renderSettingsAt, sent } from '../testing';

const { toastSuccess, toastInfo } = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastInfo: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: vi.fn(), success: toastSuccess, info: toastInfo } }));

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: '9',
    sku: 'MUG-1',
    title: 'Blue mug',
    weight: 350,
    length: 5,
    width: 4,
    height: 4.5,
    boxSizeId: null,
    packageType: null,
    hazardClass: null,
    category: null,
    customsDescription: null,
    hsCode: '69120048',
    originCountry: 'PT',
    declaredValue: 1250,
    declaredCurrency: 'USD',
    source: 'seller',
    weightSource: 'seller',
    createdAt: '2026-12-01T12:00:00Z',
    updatedAt: '2026-12-01T12:00:00Z',
    archivedAt: null,
    ...overrides,
  };
}

let requests: RecordedRequest[];
let catalogue: Product[];
let saveReply: (request: RecordedRequest) => Response;
let importReply: Response;
/** The tenant's settings: none (so imperial: no warehouse address) unless a test says. */
let configs: unknown[];
/** The fill of open orders from the catalogue: none yet unless a test says. */
let fill: ProductFillProgress;

beforeEach(() => {
  catalogue = [];
  configs = [];
  fill = { state: 'idle', done: 0, total: 0, startedAt: null, finishedAt: null };
  saveReply = (request) => {
    const saved = product({ ...(request.body as Partial<Product>), id: '10' });
    catalogue = [saved];
    return ok(saved, 201);
  };
  requests = mockFetch((request) => {
    const { method, url } = request;
    const path = url.split('?')[0];
    if (method === 'GET' && path === '/api/v1/products/fill') return ok(fill);
    if (method === 'GET' && path === '/api/v1/products') {
      const rows = url.includes('archived=true') ? catalogue : catalogue.filter((p) => !p.archivedAt);
      return ok({ rows, page: 1, size: 10, total: rows.length });
    }
    if (method === 'DELETE' && path === '/api/v1/products/9') {
      catalogue = catalogue.map((p) => ({ ...p, archivedAt: '2026-12-02T10:00:00Z' }));
      return ok({ deleted: false, archived: true, reason: '2 order lines use it' });
    }
    if (method === 'POST' && path === '/api/v1/products') return saveReply(request);
    if (method === 'PUT' && path === '/api/v1/products/9') return saveReply(request);
    if (method === 'POST' && path === '/api/v1/products/import') return importReply;
    if (method === 'GET' && url === '/api/v1/orderBoxSizes') return ok([boxSize()]);
    if (method === 'GET' && url === '/api/v1/configs') return ok(configs);
    if (method === 'GET' && url === '/call/setupGuide') return ok({});
    return refused(404, 'Not Found');
  });
  toastSuccess.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

describe('Settings > Products', { timeout: 30_000 }, () => {
  it('says there are no products yet and offers to add or import them', async () => {
    renderSettingsAt('/settings/products');
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Add product' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Import CSV' }).length).toBeGreaterThan(0);
  });

  it('shows the fill of open orders while it runs, asking again every 2 s, and what it filled after', async () => {
    catalogue = [product()];
    fill = { state: 'running', done: 120, total: 1500, startedAt: '2026-12-02T10:00:00Z', finishedAt: null };
    renderSettingsAt('/settings/products');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Filling weights on 1,500 open orders… 120 of 1,500 done');
    expect(within(status).getByRole('progressbar', { name: 'Weights filled' })).toHaveAttribute('aria-valuenow', '8');
    fill = { ...fill, state: 'idle', done: 1500, finishedAt: '2026-12-02T10:01:00Z' };
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Filled weights on 1,500 open orders'), {
      timeout: 5000,
    });
    const asked = requests.filter((r) => r.url === '/api/v1/products/fill').length;
    // Idle: no more asking.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(requests.filter((r) => r.url === '/api/v1/products/fill')).toHaveLength(asked);
  });

  it('opens with the search a link named (?search=), asking the server for it', async () => {
    catalogue = [product()];
    renderSettingsAt('/settings/products?search=MUG-1');
    expect(await screen.findByRole('searchbox', { name: 'Search SKU or title' })).toHaveValue('MUG-1');
    await waitFor(() =>
      expect(requests.some((r) => r.url.startsWith('/api/v1/products?') && r.url.includes('search=MUG-1'))).toBe(true),
    );
  });

  it('shows Managers the catalogue without the Admin actions', async () => {
    catalogue = [product()];
    renderSettingsAt('/settings/products', Role.Manager);
    const table = await screen.findByRole('table', { name: 'Products' });
    // 350 g and 5 × 4 × 4.5 in, in the imperial units of a tenant without a warehouse address.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('12.3 oz');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('5 × 4 × 4.5 in');
    expect(screen.queryByRole('button', { name: 'Add product' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete MUG-1/ })).toBeNull();
  });

  it('adds a product with the keyboard, checking fields first and showing the server’s errors on them', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/products');
    await screen.findByRole('heading', { name: 'No products yet' });
    await user.click(screen.getAllByRole('button', { name: 'Add product' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add a product' });
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    expect(field(/^SKU/)).toHaveFocus();
    await user.keyboard('TEA-9');
    await user.type(field(/^Weight/), '250 g');
    expect(field(/^Weight/)).toHaveAccessibleDescription('= 8.8 oz');
    await user.type(field(/^Length/), '3');
    await user.type(field(/^HS tariff code/), '12.3');
    await user.keyboard('{Enter}');
    expect(field(/^Width/)).toHaveAccessibleDescription('Enter all three sides, or none');
    expect(field(/^HS tariff code/)).toHaveAccessibleDescription('6 to 10 digits, dots allowed');
    expect(sent(requests, 'POST', '/api/v1/products')).toHaveLength(0);

    await user.clear(field(/^Length/));
    await user.clear(field(/^HS tariff code/));
    await user.type(field(/^HS tariff code/), '0902.10');
    saveReply = () => refused(400, 'Invalid input', { sku: 'sku "TEA-9" is another product’s already' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(field(/^SKU/)).toHaveAccessibleDescription('sku "TEA-9" is another product’s already'));

    saveReply = (request) => {
      const saved = product({ ...(request.body as Partial<Product>), id: '10' });
      catalogue = [saved];
      return ok(saved, 201);
    };
    await user.clear(field(/^SKU/));
    await user.type(field(/^SKU/), 'TEA-10{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = sent(requests, 'POST', '/api/v1/products');
    expect(posts.at(-1)!.body).toMatchObject({ sku: 'TEA-10', weight: 250, length: null, hsCode: '0902.10' });
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('TEA-10');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('8.8 oz');
    expect(toastSuccess).toHaveBeenCalledWith('TEA-10 added.');
  });

  it("shows and takes a metric tenant's grams and centimetres, sending untouched values as stored", async () => {
    configs = [{ key: 'units', value: 'metric', options: null, updated_at: '2026-12-01T12:00:00Z' }];
    catalogue = [product()];
    const user = userEvent.setup();
    renderSettingsAt('/settings/products');
    const table = await screen.findByRole('table', { name: 'Products' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('350 g'));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('12.7 × 10.2 × 11.4 cm');

    await user.click(within(table).getByRole('button', { name: 'Edit MUG-1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit MUG-1' });
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    expect(field(/^Weight/)).toHaveValue('350 g');
    expect(field(/^Height/)).toHaveValue('11.4');
    expect(within(dialog).getAllByText('cm')).toHaveLength(3);
    await user.clear(field(/^Width/));
    await user.type(field(/^Width/), '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(field(/^Width/)).toHaveAccessibleDescription('A length cannot be negative');
    await user.clear(field(/^Width/));
    await user.type(field(/^Width/), '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // 11.4 cm typed afresh would be 4.49 in: the height nobody edited goes back as the 4.5 in stored.
    expect(sent(requests, 'PUT', '/api/v1/products/9')[0]!.body).toMatchObject({
      weight: 350,
      length: 5,
      width: 4.33,
      height: 4.5,
    });
  });

  it('imports a CSV file and lists the rows not imported by row and column', async () => {
    const user = userEvent.setup();
    const result: ProductImportResult = {
      created: 1,
      updated: 1,
      unchanged: 0,
      failed: 1,
      rows: [
        { row: 2, sku: 'A-1', outcome: 'created' },
        { row: 3, sku: 'B-1', outcome: 'updated' },
        { row: 4, sku: 'C-1', outcome: 'error', column: 'weight_g', message: 'weight_g "-3" must be whole grams' },
      ],
    };
    importReply = ok(result);
    renderSettingsAt('/settings/products');
    await screen.findByRole('heading', { name: 'No products yet' });
    await user.click(screen.getAllByRole('button', { name: 'Import CSV' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Import products' });
    const csv = 'sku,weight_g\nA-1,10\nB-1,20\nC-1,-3\n';
    await user.upload(within(dialog).getByLabelText('CSV file'), new File([csv], 'products.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '1 created, 1 updated, 0 unchanged, 1 not imported',
    );
    const bad = within(dialog).getByRole('table', { name: 'Rows not imported' });
    expect(within(bad).getAllByRole('row')[1]).toHaveTextContent('4C-1weight_gweight_g "-3" must be whole grams');
    expect(sent(requests, 'POST', '/api/v1/products/import')[0]!.body).toBe(csv);
  });

  it('shows a file the server cannot read as an error naming the problem', async () => {
    const user = userEvent.setup();
    importReply = refused(400, 'Invalid input', { column: 'the header row must name a "sku" column' });
    renderSettingsAt('/settings/products');
    await screen.findByRole('heading', { name: 'No products yet' });
    await user.click(screen.getAllByRole('button', { name: 'Import CSV' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Import products' });
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['title\nMug\n'], 'x.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('the header row must name a "sku" column');
  });

  it('deletes with a confirm that says it may archive, then finds the archived product under Show archived', async () => {
    const user = userEvent.setup();
    catalogue = [product()];
    renderSettingsAt('/settings/products');
    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'Delete MUG-1' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete MUG-1?' });
    expect(confirm).toHaveTextContent('If orders name its SKU, it is archived instead');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastInfo).toHaveBeenCalledWith('MUG-1 archived: 2 order lines use it.'));
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeVisible();
    expect(sent(requests, 'DELETE', '/api/v1/products/9')).toHaveLength(1);
  });

  it('lists archived products with Restore when asked', async () => {
    const user = userEvent.setup();
    catalogue = [product(), product({ id: '8', sku: 'OLD-1', archivedAt: '2026-12-02T10:00:00Z' })];
    renderSettingsAt('/settings/products');
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).queryByText('OLD-1')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    expect(await screen.findByRole('button', { name: /Restore OLD-1/ })).toBeVisible();
  });

  it('shows a failed load with Retry', async () => {
    vi.unstubAllGlobals();
    mockFetch((request) =>
      request.url.startsWith('/api/v1/products') ? refused(500, 'Internal server error') : ok([]),
    );
    renderSettingsAt('/settings/products');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});
