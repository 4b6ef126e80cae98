/** A benchmark's table as aligned text (first column left, the others right) or as Markdown. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  markdown: boolean,
): string {
  const table = [header, ...rows];
  if (markdown) {
    return [
      `| ${header.join(' | ')} |`,
      `|${header.map(() => ' --- |').join('')}`,
      ...rows.map((row) => `| ${row.join(' | ')} |`),
    ].join('\n');
  }
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (row: readonly string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
