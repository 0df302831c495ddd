import type { InputHTMLAttributes, ReactNode } from 'react';
import './light.css';

/** A checkbox with its label that looks like MUI's Checkbox in a FormControlLabel, without MUI. */
export function LightCheckbox({
  label,
  ref,
  ...input
}: { label: ReactNode; ref?: React.Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="pz-check">
      <span className="pz-check__box">
        <input ref={ref} type="checkbox" {...input} />
        <svg className="pz-check__off" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d="M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z" />
        </svg>
        <svg className="pz-check__on" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d="M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z" />
        </svg>
      </span>
      <span className="pz-body1">{label}</span>
    </label>
  );
}
