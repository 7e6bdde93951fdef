/**
 * A table row's second, smaller line; cut with an ellipsis (the whole text in its tooltip) so the order table fits a
 * laptop. Give it a maxWidth, which sets how wide its column grows.
 */
export const SECONDARY_LINE = {
  color: 'text.secondary',
  fontSize: '0.75rem',
  lineHeight: 1.4,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;
