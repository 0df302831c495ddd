import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Locale } from '@plaza/contract/constants';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDecimal } from '../../../lib/decimal';
import { visuallyHidden } from '../../../lib/visually-hidden';

/**
 * A module on a CMS page: a section named by its heading (h2 below the page's h1; what a module lists
 * uses h3). Without a title the section has no heading (`title` null).
 */
export function ModuleSection({
  title,
  children,
  sx,
}: {
  title: string | null | undefined;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={title ? headingId : undefined}
      sx={[{ mb: 4, minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {title && (
        <Typography
          id={headingId}
          variant="h2"
          sx={{ fontSize: '1.375rem', mb: 1.5, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** An honest empty state: what is not there (yet), never a made-up item. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Typography
      color="text.secondary"
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, borderStyle: 'dashed' }}
    >
      {children}
    </Typography>
  );
}

/** Whether a module's link stays in the app (a path) rather than leaving it (http, https, mailto). */
export const isAppPath = (link: string) => link.startsWith('/') && !link.startsWith('//');

/**
 * A link a page's editor set: a path of the app opens in the app, another address in a new tab
 * (said to screen readers).
 */
export function ModuleLink({
  href,
  children,
  component,
  ...props
}: {
  href: string;
  children: ReactNode;
  /** Another element to render (e.g. MUI's Button) instead of MUI's Link. */
  component?: React.ElementType;
  [prop: string]: unknown;
}) {
  const { t } = useTranslation();
  const Element = (component ?? Link) as React.ElementType;
  if (isAppPath(href)) {
    return (
      <Element component={RouterLink} to={href} {...props}>
        {children}
      </Element>
    );
  }
  const newTab = !href.startsWith('mailto:');
  return (
    <Element href={href} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...props}>
      {children}
      {newTab && <Box component="span" sx={visuallyHidden}>{` ${t('pages.modules.new_tab')}`}</Box>}
    </Element>
  );
}

/** The BCP 47 tag of a locale for Intl (de_DE -> de-DE). */
export const intlLocale = (lang: Locale) => lang.replace('_', '-');

/** A number the locale's way (spec 9: decimals with at most 2 fraction digits). */
export function formatNumber(value: number, lang: Locale): string {
  return formatDecimal(value, lang, 2);
}

/** A share the locale's way (spec 9: percent with 2 fraction digits). */
export function formatPercent(share: number, lang: Locale): string {
  return new Intl.NumberFormat(intlLocale(lang), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(share);
}

const sizeUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file size for people: 532 bytes, 12.4 kB, 3.1 MB (decimal units, the locale's digits). */
export function formatFileSize(bytes: number, lang: Locale): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < sizeUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(intlLocale(lang), {
    style: 'unit',
    unit: sizeUnits[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

const typeNames: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.ms-powerpoint': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
};

/** A file's kind for people from its MIME type: PDF, Word, PNG, ... */
export function fileTypeName(mime: string): string {
  const known = typeNames[mime.toLowerCase()];
  if (known) return known;
  const sub = mime.split('/')[1] ?? mime;
  return (
    sub
      .replace(/^x-/, '')
      .split(/[.+;-]/)[0]!
      .toUpperCase() || mime
  );
}
