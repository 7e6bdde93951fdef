export { formatCount } from './count';
export { formatDateTime } from './date-time';
export { formatMoney, toMajorUnits } from './money';
