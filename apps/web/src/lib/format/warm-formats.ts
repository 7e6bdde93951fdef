import { formatDateTime } from './date-time';
import { nextTask } from '@/lib/lazy/next-task';
import { formatMoney } from './money';

/**
 * Builds the first date and money formats, each in a task of its own, while a hydrated page waits for its data. The
 * browser's first `Intl.DateTimeFormat` loads its time-zone data (25 ms of a desktop's CPU, 100 on a phone), the
 * first `Intl.NumberFormat` its number data: made inside the render that draws the data, they delay its paint. Later
 * formats of other zones, locales or currencies cost a fraction of a millisecond.
 */
export async function warmFormats(): Promise<void> {
  await nextTask();
  formatDateTime(new Date(0));
  await nextTask();
  formatMoney(0);
}
