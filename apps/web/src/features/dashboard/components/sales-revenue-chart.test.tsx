import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { isRevenueEmpty, SalesRevenueChart } from './sales-revenue-chart';

const data = { Categories: ['Mon', 'Tue'], Previous: [150000, 0], Current: [250000, 100000] };

const tickLabels = (container: HTMLElement) =>
  [...container.querySelectorAll('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')].map((t) => t.textContent);

// The chart is lazily loaded; load the module first so the test does not time the first transform.
beforeAll(async () => {
  await import('./revenue-bar-chart');
});

describe('SalesRevenueChart', () => {
  it('draws previous and current columns per category with the axis in the currency', async () => {
    const { container } = render(
      <SalesRevenueChart data={data} state="ready" currency="USD" locale="en" onRetry={vi.fn()} width={600} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.MuiBarChart-element')).toHaveLength(4), { timeout: 5000 });
    expect(tickLabels(container)).toContain('$0');
    expect(tickLabels(container)).toContain('$2.5K');
    expect(screen.getByRole('cell', { name: '$2,500.00' })).toBeInTheDocument();
  });

  it("follows the tenant's currency and locale", async () => {
    const { container } = render(
      <SalesRevenueChart data={data} state="ready" currency="EUR" locale="de-DE" onRetry={vi.fn()} width={600} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.MuiBarChart-element')).toHaveLength(4), { timeout: 5000 });
    expect(tickLabels(container).every((label) => label?.endsWith('€'))).toBe(true);
    expect(screen.getByRole('cell', { name: '2.500,00\u00a0€' })).toBeInTheDocument();
  });

  it('calls a period without revenue empty and says so', () => {
    expect(isRevenueEmpty({ Categories: [], Previous: [], Current: [] })).toBe(true);
    expect(isRevenueEmpty({ Categories: ['Mon'], Previous: [0], Current: [0] })).toBe(true);
    expect(isRevenueEmpty({ Categories: ['Mon'], Previous: [5], Current: [0] })).toBe(false);
    render(
      <SalesRevenueChart
        data={{ Categories: ['Mon'], Previous: [0], Current: [0] }}
        state="ready"
        currency="USD"
        locale="en"
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByText('No orders in this period')).toBeInTheDocument();
  });
});
