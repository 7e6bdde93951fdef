import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { mockFetch, renderWithStore, type RecordedRequest } from '@/lib/testing/render-with-store';
import { ok } from './testing';

/** Test-only helpers of the stores' "Order notifications" dialogs. */

export const NO_COUNTS = { recorded: 0, duplicate: 0, ignored: 0 };

type User = ReturnType<typeof userEvent.setup>;

/** Renders a push dialog against a stubbed API; returns the requests it sent and a user to drive it. */
export function renderPushDialog(dialog: ReactElement, answer: (request: RecordedRequest) => Response) {
  const requests = mockFetch(answer);
  renderWithStore(dialog);
  return { requests, user: userEvent.setup() };
}

/** An API that holds `off` until a PUT turns it to `on`, and goes back to `off` on DELETE. */
export function switchingApi<T>(off: T, on: T) {
  let current = off;
  return (request: RecordedRequest) => {
    if (request.method === 'PUT') current = on;
    if (request.method === 'DELETE') current = off;
    return ok(current);
  };
}

export function requestsTo(requests: RecordedRequest[], method: string, path: string) {
  return requests.filter((r) => r.method === method && r.url === path);
}

/** Clicks Turn off and checks the dialog says Off after exactly one DELETE of `path`. */
export async function expectTurnsOff(dialog: HTMLElement, user: User, requests: RecordedRequest[], path: string) {
  await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
  expect(await within(dialog).findByLabelText('Order notifications: Off')).toBeInTheDocument();
  expect(requestsTo(requests, 'DELETE', path)).toHaveLength(1);
}

export async function expectRetryOffered() {
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
}
