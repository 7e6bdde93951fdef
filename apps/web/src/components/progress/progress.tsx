import type { CSSProperties } from 'react';
import './progress.css';

const SIZE = 44;
const THICKNESS = 3.6;

/**
 * An indeterminate progress bar, as MUI's LinearProgress draws one, named for assistive technology like it
 * (`role="progressbar"`).
 */
export function ProgressBar({
  label,
  color = 'primary',
  style,
}: {
  label: string;
  color?: 'primary' | 'secondary';
  style?: CSSProperties;
}) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      className={color === 'secondary' ? 'sd-progress-bar sd-progress-bar--secondary' : 'sd-progress-bar'}
      style={style}
    >
      <span className="sd-progress-bar-line sd-progress-bar-line--first" />
      <span className="sd-progress-bar-line sd-progress-bar-line--second" />
    </span>
  );
}

/**
 * A turning spinner, as MUI's indeterminate CircularProgress draws one: in the words' colour (`inherit`) or the
 * primary one; named (`label`) or hidden from assistive technology.
 */
export function Spinner({
  size = 40,
  color = 'primary',
  label,
}: {
  size?: number;
  color?: 'primary' | 'inherit';
  label?: string;
}) {
  const named = label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span
      {...named}
      className={color === 'primary' ? 'sd-spinner sd-spinner--primary' : 'sd-spinner'}
      style={{ width: size, height: size }}
    >
      <svg viewBox={`${SIZE / 2} ${SIZE / 2} ${SIZE} ${SIZE}`} width={size} height={size}>
        <circle cx={SIZE} cy={SIZE} r={(SIZE - THICKNESS) / 2} fill="none" strokeWidth={THICKNESS} />
      </svg>
    </span>
  );
}
