import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { OrderStatusTabs } from './order-status-tabs';

const scrolled = vi.fn();
// jsdom has no scrolling; each test lends the tabs one.
const jsdomScroll = Element.prototype.scrollIntoView;

afterEach(() => {
  scrolled.mockReset();
  Element.prototype.scrollIntoView = jsdomScroll;
});

function tabs(status: Parameters<typeof OrderStatusTabs>[0]['status']) {
  return (
    <MemoryRouter>
      <OrderStatusTabs status={status} counts={{ Canceled: 3 }} estimate={false} search="" />
    </MemoryRouter>
  );
}

describe('OrderStatusTabs', () => {
  it('brings the current status into view, but asks for no layout when the page opens on "All"', () => {
    Element.prototype.scrollIntoView = scrolled;
    const view = render(tabs(null));
    expect(screen.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
    expect(scrolled).not.toHaveBeenCalled();

    view.rerender(tabs('Canceled'));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('link', { name: /^Canceled/ }));

    // Back to "All" from another status: the row may have been scrolled, so it is brought into view.
    view.rerender(tabs(null));
    expect(scrolled).toHaveBeenCalledTimes(2);
  });

  it('brings a status other than "All" into view when the page opens on it', () => {
    Element.prototype.scrollIntoView = scrolled;
    render(tabs('Canceled'));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
