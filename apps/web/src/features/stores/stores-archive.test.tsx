import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@shipdesk/contract';
import { initialUserData } from '@/lib/state/user-data-slice';
import { mockFetch, renderRoutes, type RecordedRequest } from '@/lib/testing/render-with-store';
import { StoresPage } from './stores-page';
import { fail, ok, store, storeList } from './testing';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: toasts }));

afterEach(() => {
  for (const fn of Object.values(toasts)) fn.mockReset();
  vi.unstubAllGlobals();
});

const shop = store({ id: '7', name: 'Corner shop', orderCount: 12 });

function serve() {
  const calls: Array<RecordedRequest & { path: string; search: string }> = [];
  mockFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    calls.push({ ...request, path: url.pathname, search: url.search });
    if (url.pathname === '/api/v1/stores' && request.method === 'GET') {
      return url.searchParams.get('archived') === 'true'
        ? ok(storeList([{ ...shop, archivedAt: '2026-12-01T10:00:00.000Z', status: 'paused' }]))
        : ok(storeList([shop]));
    }
    if (url.pathname === '/api/v1/stores/7' && request.method === 'DELETE') {
      return ok({
        deleted: false,
        archived: true,
        reason: 'Stores are archived, not deleted: its 12 orders stay; syncing has stopped',
      });
    }
    if (url.pathname === '/api/v1/stores/7/restore' && request.method === 'POST')
      return ok({ ...shop, status: 'paused' });
    if (url.pathname === '/api/v1/cqConnect/stores') return ok({ rows: [] });
    return fail(500, `unexpected ${request.method} ${url.pathname}`);
  });
  return calls;
}

function renderPage(roleId: number = Role.Admin) {
  renderRoutes([{ path: '/stores', Component: StoresPage }], '/stores', {
    userData: { ...initialUserData, user_role_id: roleId },
  });
  return userEvent.setup();
}

describe('Stores: archive and restore', { timeout: 20_000 }, () => {
  it('says the orders stay before archiving, then tells the answer', async () => {
    const calls = serve();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Archive Corner shop' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive Corner shop?' });
    expect(dialog).toHaveTextContent('Stores are archived, not deleted. Its 12 orders stay as they are');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(toasts.info).toHaveBeenCalledWith(
        'Corner shop archived. Stores are archived, not deleted: its 12 orders stay; syncing has stopped.',
      ),
    );
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/api/v1/stores/7')).toHaveLength(1);
  });

  it('lists archived stores on request, with Restore', async () => {
    const calls = serve();
    const user = renderPage();
    await screen.findByRole('button', { name: 'Archive Corner shop' });
    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    const archived = await screen.findByRole('list', { name: 'Archived stores' });
    await user.click(within(archived).getByRole('button', { name: 'Restore Corner shop' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(expect.stringContaining('Corner shop restored')));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/stores/7/restore')).toHaveLength(1);
  });

  it('offers no Archive to a Manager', async () => {
    serve();
    renderPage(Role.Manager);
    await screen.findByText('Corner shop');
    expect(screen.queryByRole('button', { name: 'Archive Corner shop' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Show archived' })).toBeNull();
  });
});
