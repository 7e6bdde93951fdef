import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('SSO configuration', () => {
  it("sends the sibling apps' cards to this app's own pages unless other addresses are configured", () => {
    const config = loadConfig({ PUBLIC_URL: 'https://ship.example.com' }, '/srv');
    // Not back to the switcher itself: the rule engine is Ship Rule, the labels are bought with the carrier accounts.
    expect(config.appUrls).toEqual({
      ruleEngine: 'https://ship.example.com/ship_rule',
      labels: 'https://ship.example.com/settings/carriers',
    });
    const configured = loadConfig(
      { PUBLIC_URL: 'https://ship.example.com', APP_URL_LABELS: 'https://labels.example.com' },
      '/srv',
    );
    expect(configured.appUrls.labels).toBe('https://labels.example.com');
  });
});
