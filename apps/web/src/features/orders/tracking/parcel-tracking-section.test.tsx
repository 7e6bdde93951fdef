import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelTracking } from '@shipdesk/contract';
import { fail, ok, stubApi, type ApiCall } from '@/lib/testing/api-stub';
import { fullOrder } from '@/lib/testing/order-fixtures';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { ParcelTrackingSection } from './parcel-tracking-section';
import { labelledDelivery, MARK_DELIVERED_PATH, parcel, TRACK_NOW_PATH, TRACKING_PATH } from './tracking-testing';

const { toastSuccess } = vi.hoisted(() => ({ toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { success: toastSuccess, info: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The parcel's reads answer `tracking()` (a test changes it); posts answer from `posts`, in turn. */
function serve(tracking: () => ParcelTracking, posts: Record<string, Array<() => Response>> = {}): ApiCall[] {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === TRACKING_PATH) return ok(tracking());
    const answer = posts[call.path]?.shift();
    return answer ? answer() : fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

function renderSection(carrier: 'usps' | 'local' = 'usps') {
  renderWithStore(
    <ParcelTrackingSection delivery={labelledDelivery(carrier)} order={fullOrder({ id: '5' })} locale="en-US" />,
  );
  return userEvent.setup();
}

const section = () => screen.findByRole('region', { name: 'Tracking of delivery 7' });

describe('ParcelTrackingSection', { timeout: 20_000 }, () => {
  it('says where the parcel is, when it is due and when the carrier was asked, its events behind a button', async () => {
    serve(() => parcel());
    const user = renderSection();
    const region = await section();
    expect(within(region).getByLabelText('Delivery: In transit')).toBeInTheDocument();
    expect(region).toHaveTextContent('Expected Thu, Mar 5');
    expect(region).toHaveTextContent('Last checked 2 hours ago');
    expect(within(region).queryByRole('list', { name: 'Carrier events' })).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Show 2 carrier events' }));
    const events = within(within(region).getByRole('list', { name: 'Carrier events' })).getAllByRole('listitem');
    // Newest first, in the tenant's zone (New York), with the carrier's words and where.
    expect(events.map((event) => event.textContent)).toEqual([
      '2026-03-03 04:00:00Arrived at USPS Regional FacilityDALLAS TX DISTRIBUTION CENTER',
      '2026-03-02 10:00:00Shipping Label Created, USPS Awaiting ItemAUSTIN, TX 78701',
    ]);
    expect(within(region).getByRole('button', { name: 'Hide 2 carrier events' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(region).queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
  });

  it('says a late parcel is late with the promised day, and why tracking is delayed', async () => {
    serve(() =>
      parcel({
        late: true,
        expectedDelivery: '2026-03-04',
        problem: 'Tracking is delayed: USPS did not answer in time',
      }),
    );
    renderSection();
    const region = await section();
    expect(within(region).getByLabelText('Delivery: In transit')).toBeInTheDocument();
    expect(within(region).getByLabelText('Delivery: Late: promised Wed, Mar 4')).toBeInTheDocument();
    expect(region).not.toHaveTextContent('Expected');
    expect(region).toHaveTextContent('Tracking is delayed: USPS did not answer in time');
  });

  it('says when the first check is due while the carrier has said nothing', async () => {
    serve(() => parcel({ status: 'label_created', events: [], lastCheckedAt: null, expectedDelivery: null }));
    renderSection();
    const region = await section();
    expect(within(region).getByLabelText('Delivery: Label created')).toBeInTheDocument();
    expect(region).toHaveTextContent('No carrier events yet — the first check is due in 6 hours');
    expect(region).toHaveTextContent('Not checked yet');
  });

  it("asks the carrier now and shows a spent allowance in the server's words, its time in the tenant's zone", async () => {
    const calls = serve(() => parcel(), {
      [TRACK_NOW_PATH]: [
        () =>
          fail(429, "USPS main's tracking allowance is used until 2026-03-03T15:00:00.000Z; Shipdesk asks again then", {
            reason: 'tracking_budget_spent',
          }),
        () => ok(parcel({ status: 'out_for_delivery' })),
      ],
    });
    const user = renderSection();
    const region = await section();
    await user.click(within(region).getByRole('button', { name: 'Check now' }));
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(
      "USPS main's tracking allowance is used until 2026-03-03 10:00:00; Shipdesk asks again then",
    );
    expect(calls.filter((c) => c.path === TRACK_NOW_PATH).map((c) => c.method)).toEqual(['POST']);
    // Asked again when the carrier answers: the alert goes and the parcel is read again.
    const reads = calls.filter((c) => c.path === TRACKING_PATH).length;
    await user.click(within(region).getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(within(region).queryByRole('alert')).not.toBeInTheDocument());
    await waitFor(() => expect(calls.filter((c) => c.path === TRACKING_PATH).length).toBe(reads + 1));
  });

  it("offers Mark delivered for the built-in carrier's parcel only, after a confirmation", async () => {
    let tracking = parcel({ status: 'label_created', events: [], lastCheckedAt: null, nextCheckAt: null });
    const calls = serve(() => tracking, {
      [MARK_DELIVERED_PATH]: [
        () => {
          tracking = parcel({
            status: 'delivered',
            statusAt: '2026-03-04T18:30:00Z',
            // The server stamps the mark as a check.
            lastCheckedAt: '2026-03-04T18:30:00Z',
            nextCheckAt: null,
            events: [
              {
                at: '2026-03-04T18:30:00Z',
                status: 'delivered',
                code: 'MANUAL',
                description: 'Delivered by hand (marked by sam@example.com)',
                location: null,
              },
            ],
          });
          return ok(tracking);
        },
      ],
    });
    const user = renderSection('local');
    const region = await section();
    expect(within(region).queryByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
    expect(region).toHaveTextContent('The built-in carrier sends no events: mark the parcel delivered when it is.');
    await user.click(within(region).getByRole('button', { name: 'Mark delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this parcel delivered?' });
    expect(calls.some((c) => c.path === MARK_DELIVERED_PATH)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Parcel marked delivered.'));
    expect(await within(region).findByLabelText('Delivery: Delivered')).toBeInTheDocument();
    expect(region).toHaveTextContent('Delivered 2026-03-04 13:30:00');
    // Nobody asked a carrier: no "Last checked" for the built-in carrier.
    expect(region).not.toHaveTextContent('checked');
    expect(within(region).queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
  });

  it("shows a refusal to mark delivered in the server's words", async () => {
    serve(() => parcel({ status: 'label_created', events: [] }), {
      [MARK_DELIVERED_PATH]: [() => fail(409, 'This parcel is delivered already', { reason: 'already_delivered' })],
    });
    const user = renderSection('local');
    await user.click(within(await section()).getByRole('button', { name: 'Mark delivered' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(await within(await section()).findByRole('alert')).toHaveTextContent('This parcel is delivered already');
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
