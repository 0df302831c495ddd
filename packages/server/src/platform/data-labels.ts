import { type DirectoryFacet, type Locale, locales } from '@plaza/contract';
import { loadBundle } from './i18n';

/**
 * Data labels that mean the same in the deployment's languages: members write their languages, areas
 * and special tasks in their own language (Deutsch and German, Vertrieb and Sales, Erste Hilfe and
 * First-aid officer). The `directory_values` texts name the known ones by key; a filter shows each once,
 * in the viewer's language, and finds the members who wrote it in any language; a profile or a user card
 * shows them in the reader's language. Values the texts do not know stay as written.
 */
type Vocabulary = Map<string, { key: string; labels: Map<Locale, string> }>;

const vocabularies = new Map<DirectoryFacet, Vocabulary>();

function vocabulary(facet: DirectoryFacet): Vocabulary {
  const known = vocabularies.get(facet);
  if (known) return known;
  const byKey = new Map<string, Map<Locale, string>>();
  for (const locale of locales) {
    const texts = (
      loadBundle(locale).directory_values as Record<string, Record<string, string>> | undefined
    )?.[facet];
    for (const [key, label] of Object.entries(texts ?? {})) {
      byKey.set(key, (byKey.get(key) ?? new Map()).set(locale, label));
    }
  }
  const byLabel: Vocabulary = new Map();
  for (const [key, labels] of byKey) {
    for (const label of labels.values()) byLabel.set(label.toLowerCase(), { key, labels });
  }
  vocabularies.set(facet, byLabel);
  return byLabel;
}

/** How a value shows to a viewer: its label in their language when the texts know it, else as written. */
export function facetValueLabel(facet: DirectoryFacet, value: string, locale: Locale): string {
  return vocabulary(facet).get(value.toLowerCase())?.labels.get(locale) ?? value;
}

/** A member's values as a reader sees them: each in the reader's language when known, repeats once. */
export function facetValueLabels(facet: DirectoryFacet, values: readonly string[], locale: Locale): string[] {
  return [...new Set(values.map((value) => facetValueLabel(facet, value, locale)))];
}

/** A filter's values with every spelling that means the same (`German` gives German and Deutsch). */
export function equivalentFacetValues(facet: DirectoryFacet, values: readonly string[]): string[] {
  const all = new Set(values);
  for (const value of values) {
    const entry = vocabulary(facet).get(value.toLowerCase());
    for (const label of entry?.labels.values() ?? []) all.add(label);
  }
  return [...all];
}
