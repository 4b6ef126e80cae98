/**
 * Reading structured output: the model's text is located, parsed with JSON.parse and validated with the zod
 * schema. Nothing is ever evaluated; anything that does not pass becomes an `InvalidOutputError`.
 */
import { z } from 'zod';
import { InvalidOutputError, oneLine } from './errors.js';

/**
 * The first complete JSON object or array in a text (models often wrap JSON in prose or code fences). Scans
 * brackets outside string literals; returns undefined when there is none.
 */
export function extractJsonText(text: string): string | undefined {
  const start = text.search(/[{[]/);
  if (start < 0) return undefined;
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return undefined;
      if (stack.length === 0) return text.slice(start, i + 1);
    }
  }
  return undefined;
}

/** Parses and validates model output against a zod schema; throws `InvalidOutputError` naming the problems. */
export function parseStructuredOutput<T>(text: string, schema: z.ZodType<T>, schemaName: string): T {
  const jsonText = extractJsonText(text);
  const shown = JSON.stringify(oneLine(text, 120));
  if (jsonText === undefined) {
    throw new InvalidOutputError(`model output for "${schemaName}" contains no JSON: ${shown}`, text, ['no JSON']);
  }
  let value: unknown;
  try {
    value = JSON.parse(jsonText);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidOutputError(`model output for "${schemaName}" is not valid JSON (${reason}): ${shown}`, text, [
      reason,
    ]);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new InvalidOutputError(
    `model output fails the schema "${schemaName}": ${problems.join('; ')}: ${shown}`,
    text,
    problems,
  );
}

/** The JSON Schema of a zod schema, as sent to servers and grammar builders (without the `$schema` tag). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _tag, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}
