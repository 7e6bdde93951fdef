import { ProgressBar } from '@/components/progress/progress';

/** The thin progress bar at the very top while the global loader flag is on or a page loads (spec 2.3). */
export function GlobalLoader({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <ProgressBar
      label="Loading"
      color="secondary"
      // Above everything, tooltips too (MUI's tooltip layer is 1500).
      style={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: 1501 }}
    />
  );
}
