import { limits } from '@plaza/contract/constants';
import { isLinkUrl } from '@plaza/contract/link-url';

/**
 * The text a preview is looked up for, or null: the spec asks for valid text (the contract's URL
 * pattern) of at least `limits.linkPreviewMinLength` (10) characters.
 */
export function previewLookupText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length >= limits.linkPreviewMinLength && isLinkUrl(trimmed) ? trimmed : null;
}
