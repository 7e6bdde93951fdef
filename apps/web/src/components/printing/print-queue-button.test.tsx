import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { printJobAdded, printJobMoved } from '@/lib/printing/print-queue-slice';
import { initialUserData } from '@/lib/state/user-data-slice';
import { fakeQzTray } from '@/lib/testing/fake-qz-tray';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { PrintQueueButton } from './print-queue-button';

const me = { userData: { ...initialUserData, ID: 'me' } };

describe('PrintQueueButton', () => {
  it('counts the jobs printing and opens the queue with Enter once its code is there, the focus back on Escape', async () => {
    const fake = fakeQzTray({ running: false });
    const user = userEvent.setup();
    const { store } = renderWithStore(<PrintQueueButton qz={fake.client} />, me);
    act(() => {
      store.dispatch(printJobAdded({ user: 'me', title: 'Label 1', labels: [] }));
      store.dispatch(printJobAdded({ user: 'me', title: 'Label 2', labels: [] }));
    });
    const button = await screen.findByRole('button', { name: 'Print queue, 2 printing' });
    expect(button).toHaveTextContent('2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => button.focus());
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Print queue' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('listitem', { name: /^Label 1/ })).toBeInTheDocument();
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute('aria-expanded');
  });

  it('shows a dot, not a count, when a job failed', async () => {
    const { store } = renderWithStore(<PrintQueueButton qz={fakeQzTray({ running: false }).client} />, me);
    act(() => {
      const { payload } = store.dispatch(printJobAdded({ user: 'me', title: 'Old label', labels: [] }));
      store.dispatch(printJobMoved({ user: 'me', id: payload.job.id, state: 'failed', error: 'Out of labels' }));
    });
    const button = await screen.findByRole('button', { name: 'Print queue, a job failed' });
    expect(button.textContent).toBe('');
  });
});
