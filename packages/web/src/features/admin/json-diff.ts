/** One line of a diff: kept, only in the earlier value (`-`), or only in the later one (`+`). */
export interface DiffLine {
  kind: ' ' | '-' | '+';
  text: string;
}

/** A value as indented JSON lines (what the history shows and compares). */
export function jsonLines(value: unknown): string[] {
  return (JSON.stringify(value, null, 2) ?? 'null').split('\n');
}

/**
 * The lines of `from` and `to` as a diff (longest common subsequence): what changing `from` into `to`
 * removes and adds, in order, among the lines both keep.
 */
export function diffLines(from: string[], to: string[]): DiffLine[] {
  const rows = from.length;
  const cols = to.length;
  // common[i][j]: the longest common subsequence of from[i..] and to[j..].
  const common = Array.from({ length: rows + 1 }, () => new Uint32Array(cols + 1));
  for (let i = rows - 1; i >= 0; i--)
    for (let j = cols - 1; j >= 0; j--)
      common[i]![j] =
        from[i] === to[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < rows || j < cols) {
    if (i < rows && j < cols && from[i] === to[j]) {
      lines.push({ kind: ' ', text: from[i]! });
      i++;
      j++;
    } else if (i < rows && (j === cols || common[i + 1]![j]! >= common[i]![j + 1]!)) {
      lines.push({ kind: '-', text: from[i++]! });
    } else {
      lines.push({ kind: '+', text: to[j++]! });
    }
  }
  return lines;
}
