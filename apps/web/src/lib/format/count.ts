const UNITS = ['K', 'M', 'B', 'T'] as const;

/**
 * Large counts of spec section 9: above 1000 they are shown with K, M, B or T and one decimal.
 * 1000 itself stays '1000'; 1001 is '1.0K'. A value that would round up to 1000 of a unit moves
 * to the next unit (999_999 is '1.0M', not '1000.0K'); beyond T the T count simply grows.
 * Negative counts keep their sign and use the same units as their magnitude.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '—';
  const magnitude = Math.abs(n);
  if (magnitude <= 1000) return String(n);
  const sign = n < 0 ? '-' : '';
  let unitIndex = 0;
  let scaled = magnitude / 1000;
  while (unitIndex < UNITS.length - 1 && Number(scaled.toFixed(1)) >= 1000) {
    unitIndex += 1;
    scaled /= 1000;
  }
  return `${sign}${scaled.toFixed(1)}${UNITS[unitIndex]}`;
}
