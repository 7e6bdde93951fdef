/**
 * The server's test files that run alone, after every other test file of the repository has finished: they kill or
 * stop processes, hold the event loop, measure memory, or assert how long something takes, which another file
 * working beside them on 2 cores would break. The other server files run two at a time (vitest.config.ts).
 * A new file that asserts time or memory belongs here.
 */
export const SERIAL_TEST_FILES = [
  'src/app.test.ts',
  'src/demo/demo-loading.test.ts',
  'src/features/health/health.test.ts',
  'src/features/labels/label-answer-limits.test.ts',
  'src/features/labels/label-batch-sigkill.test.ts',
  'src/features/labels/label-preview.test.ts',
  'src/features/shipping-rules/rule-patterns.test.ts',
  'src/features/shipping-rules/rule-work-clock.test.ts',
  'src/features/shipping-rules/shipping-rules-fairness.test.ts',
  'src/features/stores/orders-table-statistics.test.ts',
  'src/features/stores/store-sync-sigkill.test.ts',
  'src/features/users/access-revocations.test.ts',
  'src/integrations/documents/zpl-preview-limits.test.ts',
  'src/integrations/documents/zpl-preview.test.ts',
  'src/integrations/http/channel-http-limits.test.ts',
  'src/launcher.test.ts',
  'src/log-secrets.test.ts',
  'src/plugins/background.test.ts',
  'src/plugins/database-outage.test.ts',
  'src/plugins/realtime.test.ts',
  'src/scale-out/scale-out.postgres.test.ts',
  'src/security/route-fuzz.test.ts',
  'src/security/rule-field-attacks.test.ts',
];
