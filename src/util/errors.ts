/**
 * Errors caused by what a user gave hearth (a file, a flag, a program line), as opposed to bugs. The CLI prints
 * their message as one line, without a stack trace, and exits with code 2.
 */
export class InputError extends Error {
  override name = 'InputError';
  constructor(
    message: string,
    /** Where the bad input is: a file path, optionally with a line (and column). */
    readonly location?: { file?: string; line?: number; column?: number },
  ) {
    super(formatLocation(location) + message);
  }
}

function formatLocation(location?: { file?: string; line?: number; column?: number }): string {
  if (!location?.file && location?.line === undefined) return '';
  let where = location.file ?? '<input>';
  if (location.line !== undefined) where += `:${location.line}`;
  if (location.column !== undefined) where += `:${location.column}`;
  return `${where}: `;
}

/** 1-based line and column of a character offset in a text, for error messages. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
