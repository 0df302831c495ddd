import './light.css';

/** An indeterminate progress bar across the top of the window (MUI's LinearProgress look), without MUI. */
export function LightProgress({ label }: { label: string }) {
  return <div className="pz-progress" role="progressbar" aria-label={label} />;
}
