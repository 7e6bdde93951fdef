import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyConfirmDialog } from './lazy-confirm-dialog';

function Voiding({ onConfirm }: { onConfirm(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Void
      </button>
      <LazyConfirmDialog
        open={open}
        title="Void this label?"
        message="The carrier takes the label back."
        confirmLabel="Void label"
        onCancel={() => setOpen(false)}
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('LazyConfirmDialog', () => {
  it('draws nothing until opened, then the confirmation, and gives the focus back when cancelled', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Voiding onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Void' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Void this label?' });
    expect(dialog).toHaveAccessibleDescription('The carrier takes the label back.');
    // Focus starts on Cancel, as the confirmation's own.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(opener);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Void label' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
