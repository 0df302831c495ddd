// Brand colours against the theme (WCAG AA). Pure and without zod: the web's first-load code may import
// it as `@plaza/contract/brand-contrast`, the settings form and the server use the same rule.

export type ThemeVariant = 'light' | 'dark';

/** The background colours the web's theme sets per variant (web/src/app/theme-tokens.ts reads them here). */
export const themeBackgrounds: Record<ThemeVariant, { default: string; paper: string }> = {
  light: { default: '#f4f6f8', paper: '#fff' },
  dark: { default: '#121417', paper: '#1b1e23' },
};

/** WCAG AA for normal text. */
export const minimumContrast = 4.5;

/** MUI's rule for the text on a filled colour: white when it reaches 3:1, else black at 87%. */
const contrastTextThreshold = 3;

type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb` as channels 0-255. */
function parseHex(color: string): Rgb {
  const hex = color.replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function ratio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  return ratio(parseHex(a), parseHex(b));
}

/** The ratio of the text MUI puts on a filled colour (a button, a badge) to that colour. */
function filledTextRatio(fill: Rgb): number {
  const white: Rgb = [255, 255, 255];
  if (ratio(fill, white) >= contrastTextThreshold) return ratio(fill, white);
  // rgba(0, 0, 0, 0.87) over the fill.
  const blackText = fill.map((channel) => channel * 0.13) as Rgb;
  return ratio(fill, blackText);
}

export type BrandColorField = 'theme.primary_color' | 'theme.secondary_color';

export interface ContrastFailure {
  field: BrandColorField;
  /** What fails: `text` (the colour as link and button text on the page), `filled` (text on the colour). */
  use: 'text' | 'filled';
  /** The lowest ratio found, rounded to two decimals. */
  ratio: number;
}

/**
 * The brand colours that fail WCAG AA (4.5:1) in a theme variant, as the web shows them: the primary
 * colour as text (links, text buttons) on the page and paper backgrounds, and with its button text
 * (white, or black where white falls under 3:1, as MUI chooses); the secondary colour with its badge text.
 * Empty when everything passes.
 */
export function brandContrastFailures(
  theme: { primary_color: string; secondary_color: string },
  variant: ThemeVariant,
): ContrastFailure[] {
  const failures: ContrastFailure[] = [];
  const primary = parseHex(theme.primary_color);
  const backgrounds = themeBackgrounds[variant];
  const asText = Math.min(
    ratio(primary, parseHex(backgrounds.default)),
    ratio(primary, parseHex(backgrounds.paper)),
  );
  const round = (value: number) => Math.round(value * 100) / 100;
  if (asText < minimumContrast)
    failures.push({ field: 'theme.primary_color', use: 'text', ratio: round(asText) });
  const primaryFilled = filledTextRatio(primary);
  if (primaryFilled < minimumContrast)
    failures.push({ field: 'theme.primary_color', use: 'filled', ratio: round(primaryFilled) });
  const secondaryFilled = filledTextRatio(parseHex(theme.secondary_color));
  if (secondaryFilled < minimumContrast)
    failures.push({ field: 'theme.secondary_color', use: 'filled', ratio: round(secondaryFilled) });
  return failures;
}
