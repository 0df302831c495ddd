import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import './light.css';

/** How a light button looks: MUI's variants and sizes. */
export interface LightButtonLook {
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'medium' | 'large';
  fullWidth?: boolean;
}

/** The class names of a light button. */
export function buttonClass({
  variant = 'text',
  size = 'medium',
  fullWidth = false,
}: LightButtonLook): string {
  return [
    'pz-button',
    `pz-button--${variant}`,
    size === 'large' && 'pz-button--large',
    fullWidth && 'pz-button--full',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A button that looks like MUI's Button, without MUI. */
export function LightButton({
  variant,
  size,
  fullWidth,
  className,
  type = 'button',
  ...props
}: LightButtonLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  const look = buttonClass({ variant, size, fullWidth });
  return <button type={type} className={className ? `${look} ${className}` : look} {...props} />;
}

/** A router link that looks like a light button. */
export function LightButtonLink({ variant, size, fullWidth, ...props }: LightButtonLook & LinkProps) {
  return <Link className={buttonClass({ variant, size, fullWidth })} {...props} />;
}
