import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubApi } from '@/lib/testing/api-stub';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { TrackingLinkActions } from './tracking-link-actions';

const { toastSuccess, toastError } = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { success: toastSuccess, info: vi.fn(), error: toastError } }));

const LINK_PATH = '/call/shipment/7/trackingLink';
const URL = 'https://app.example.com/t/AbCdEfGhIjKlMnOpQrStUv';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('TrackingLinkActions', { timeout: 20_000 }, () => {
  it('copies the parcel’s public page address, asked of the server once', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === LINK_PATH ? ok({ url: URL }) : fail(500, 'unexpected'),
    );
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithStore(<TrackingLinkActions deliveryId="7" />);
    await user.click(screen.getByRole('button', { name: 'Copy tracking link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL));
    expect(toastSuccess).toHaveBeenCalledWith('Tracking link copied.');
    await user.click(screen.getByRole('button', { name: 'Copy tracking link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.path === LINK_PATH)).toHaveLength(1);
  });

  it('opens the page in a new tab, and says why when there is no standing label', async () => {
    stubApi(() => fail(404, 'This delivery has no standing label'));
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.fn().mockReturnValue(tab);
    vi.stubGlobal('open', open);
    const user = userEvent.setup();
    renderWithStore(<TrackingLinkActions deliveryId="7" />);
    await user.click(screen.getByRole('button', { name: 'Open tracking page' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('This delivery has no standing label'));
    expect(tab.close).toHaveBeenCalled();
  });

  it('sends the new tab to the page once its address is known', async () => {
    stubApi(() => ok({ url: URL }));
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn().mockReturnValue(tab));
    const user = userEvent.setup();
    renderWithStore(<TrackingLinkActions deliveryId="7" />);
    await user.click(screen.getByRole('button', { name: 'Open tracking page' }));
    await waitFor(() => expect(tab.location.href).toBe(URL));
    expect(tab.opener).toBeNull();
  });
});
