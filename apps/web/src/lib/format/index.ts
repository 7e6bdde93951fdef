export { formatCount } from './count.ts';
export { formatDateTime } from './date-time.ts';
export { formatMoney } from './money.ts';
