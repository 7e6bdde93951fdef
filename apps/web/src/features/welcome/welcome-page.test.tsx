import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SETUP_GUIDE_STEPS } from '@shipdesk/contract';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { WelcomePage } from './welcome-page';

describe('WelcomePage', () => {
  it('lists the setup steps with links and ticks off the completed ones', () => {
    renderWithStore(<WelcomePage />, {
      setupGuide: { setupGuideSteps: { connectStore: true, labelType: true }, isSetupApiDone: true },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Shipdesk' })).toBeInTheDocument();
    expect(screen.getByText(`2 of ${SETUP_GUIDE_STEPS.length} steps completed`)).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Get set up' })).getAllByRole('listitem');
    expect(steps).toHaveLength(SETUP_GUIDE_STEPS.length);
    SETUP_GUIDE_STEPS.forEach((step, index) => {
      const link = within(steps[index]!).getByRole('link');
      expect(link).toHaveAttribute('href', step.route);
      expect(link).toHaveAccessibleName(expect.stringContaining(step.title));
    });
    expect(within(steps[0]!).getByTitle('Done')).toBeInTheDocument();
    expect(within(steps[1]!).getByTitle('To do')).toBeInTheDocument();
  });
});
