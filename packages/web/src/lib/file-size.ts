import { formatDecimal } from './decimal';
/** A file size for people: bytes, KB or MB, in the locale's number format. */
export function formatFileSize(bytes: number, locale: string): string {
  const format = (value: number) => formatDecimal(value, locale);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024)} KB`;
  return `${format(bytes / (1024 * 1024))} MB`;
}
