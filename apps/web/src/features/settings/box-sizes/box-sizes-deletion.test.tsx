import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type RecordedRequest } from '@/lib/testing/render-with-store';
import { boxSize, ok, refused, renderSettingsAt, sent } from '../testing';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: toasts }));

let requests: RecordedRequest[];

beforeEach(() => {
  requests = mockFetch((request) => {
    const { method, url } = request;
    if (method === 'GET' && url === '/api/v1/configs') return ok([]);
    if (method === 'GET' && url === '/api/v1/carrierAccounts') return ok({ rows: [] });
    if (method === 'GET' && url === '/api/v1/orderBoxSizes') return ok([boxSize()]);
    if (method === 'GET' && url === '/api/v1/orderBoxSizes?archived=true') {
      return ok([boxSize({ archivedAt: '2026-12-01T10:00:00.000Z' }), boxSize({ id: '7', name: 'Crate' })]);
    }
    if (method === 'DELETE' && url === '/api/v1/orderBoxSizes/5') {
      return ok({ deleted: false, archived: true, reason: '1 order uses it' });
    }
    if (method === 'POST' && url === '/api/v1/orderBoxSizes/5/restore') {
      return refused(400, 'Invalid input', { name: 'A box named "Small mailer" exists already' });
    }
    if (method === 'GET' && url === '/call/setupGuide') return ok({});
    return refused(404, 'Not Found');
  });
  for (const fn of Object.values(toasts)) fn.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

describe('Settings > Labels > Box sizes: delete and restore', { timeout: 20_000 }, () => {
  it('asks first, says what will happen, and tells the answer: archived, and why', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/labels');
    const table = await screen.findByRole('table', { name: 'Box sizes' });
    await user.click(within(table).getByRole('button', { name: 'Delete Small mailer' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Small mailer?' });
    expect(dialog).toHaveTextContent(/archived instead: hidden from the box pickers/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(requests, 'DELETE', '/api/v1/orderBoxSizes/5')).toHaveLength(0);

    // Keyboard: the button is reached and pressed without a mouse.
    within(table).getByRole('button', { name: 'Delete Small mailer' }).focus();
    await user.keyboard('{Enter}');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Small mailer?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(toasts.info).toHaveBeenCalledWith('Small mailer archived: 1 order uses it.'));
    expect(sent(requests, 'DELETE', '/api/v1/orderBoxSizes/5')).toHaveLength(1);
  });

  it('shows archived boxes on request, with Restore, and the reason a restore is refused', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/labels');
    await screen.findByRole('table', { name: 'Box sizes' });
    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    const table = await screen.findByRole('table', { name: 'Box sizes' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const archivedRow = within(table).getAllByRole('row')[1]!;
    expect(archivedRow).toHaveTextContent('Archived');
    expect(within(archivedRow).queryByRole('button', { name: 'Delete Small mailer' })).toBeNull();
    await user.click(within(archivedRow).getByRole('button', { name: 'Restore Small mailer' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('A box named "Small mailer" exists already'));
    expect(sent(requests, 'POST', '/api/v1/orderBoxSizes/5/restore')).toHaveLength(1);
    expect(within(within(table).getAllByRole('row')[2]!).getByRole('button', { name: 'Delete Crate' })).toBeEnabled();
  });
});
