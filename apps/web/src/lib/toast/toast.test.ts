import { describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('react-toastify', () => ({
  toast: {
    success: (text: string) => shown.push(`success: ${text}`),
    error: (text: string) => shown.push(`error: ${text}`),
    info: (text: string) => shown.push(`info: ${text}`),
  },
}));

describe('toast', () => {
  it('hands each toast to react-toastify once its code has loaded, in the order they were sent', async () => {
    const { toast } = await import('./toast');
    toast.info('Pulling orders.');
    toast.error('The page size could not be kept.');
    toast.success('Saved.');
    expect(shown).toEqual([]); // nothing is drawn before the library's code has come
    await vi.waitFor(() =>
      expect(shown).toEqual(['info: Pulling orders.', 'error: The page size could not be kept.', 'success: Saved.']),
    );
  });
});
