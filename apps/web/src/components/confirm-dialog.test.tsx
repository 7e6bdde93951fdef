import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';

function setup(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      open
      message="Are you sure you want to log out?"
      onCancel={onCancel}
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { onCancel, onConfirm, user: userEvent.setup() };
}

describe('ConfirmDialog', () => {
  it("is titled 'Please Confirm' by default and labelled by its title and message", () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Please Confirm' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to log out?');
  });

  it('shows a given title and confirm label', () => {
    setup({ title: 'Delete order', confirmLabel: 'Delete' });
    expect(screen.getByRole('dialog', { name: 'Delete order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('calls onCancel for Cancel and onConfirm for Confirm', async () => {
    const { onCancel, onConfirm, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('works from the keyboard: focus starts on Cancel, Tab reaches Confirm, Escape cancels', async () => {
    const { onCancel, onConfirm, user } = setup();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('disables both buttons and ignores Escape while busy', async () => {
    const { onCancel, user } = setup({ busy: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('renders nothing when closed', () => {
    setup({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
