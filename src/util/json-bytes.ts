/**
 * A strict JSON reader over UTF-8 bytes that builds only the values its caller reads. `JSON.parse` of a large answer
 * first decodes all of it into a string, then builds every value in it; a caller that needs a few fields of a large
 * document (the log-probs of the last tokens of an echoed prompt) pays for both and for collecting the garbage. This
 * reader walks the bytes once: the caller reads the values it wants (`string`, `number`, `stringLength`, ...) and
 * `skip`s the others, which are still checked against the JSON grammar (RFC 8259) without being built.
 *
 * Strictness: the grammar of every value, skipped or read (no trailing commas, no comments, no leading zeros, no
 * raw control characters in strings, only JSON's escapes), nesting at most `maxDepth` deep, and nothing but
 * whitespace after the document. Strings that are read are decoded as UTF-8 with errors fatal; skipped ones are not
 * decoded, so invalid UTF-8 inside them passes (as it did through `TextDecoder`, which replaces it). Every failure is a
 * `JsonBytesError` with the byte offset where reading stopped.
 */

/** A document that is not JSON, or is deeper than allowed. */
export class JsonBytesError extends Error {
  override name = 'JsonBytesError';
  constructor(
    message: string,
    /** Byte offset where the reader stopped. */
    readonly offset: number,
  ) {
    super(`${message} at byte ${offset}`);
  }
}

/** What the next value is, from its first byte. */
export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'true' | 'false' | 'null';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** Powers of ten that doubles hold exactly (10^0 .. 10^22); a significand of at most 15 digits uses up to 10^15. */
const EXACT_POWERS = Array.from({ length: 23 }, (_, i) => 10 ** i);
/** What may follow a backslash besides u: " \ / b f n r t. */
const SIMPLE_ESCAPES = new Set([QUOTE, BACKSLASH, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);
/** Bytes of a number's exponent: e, E, + and -. */
const NUMBER_TAIL = new Set([0x65, 0x45, 0x2b, MINUS]);
const utf8 = new TextDecoder('utf-8', { fatal: true });

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= DIGIT_0 && byte <= DIGIT_9;
}

function isHex(byte: number | undefined): boolean {
  return byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66));
}

export class JsonBytes {
  private pos = 0;
  private depth = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly maxDepth = 64,
  ) {}

  /** The kind of the next value (after whitespace). */
  kind(): JsonKind {
    this.whitespace();
    const byte = this.bytes[this.pos];
    switch (byte) {
      case 0x7b:
        return 'object';
      case 0x5b:
        return 'array';
      case QUOTE:
        return 'string';
      case 0x74:
        return 'true';
      case 0x66:
        return 'false';
      case 0x6e:
        return 'null';
      default:
        if (byte === MINUS || isDigit(byte)) return 'number';
        throw this.error(byte === undefined ? 'unexpected end of JSON' : 'unexpected character');
    }
  }

  /** Reads an object; `member` is called with each key and must read or skip that member's value. */
  object(member: (key: string) => void): void {
    this.expectKind('object');
    this.enter();
    this.pos++;
    this.whitespace();
    if (this.bytes[this.pos] === 0x7d) {
      this.pos++;
      this.depth--;
      return;
    }
    for (;;) {
      if (this.kind() !== 'string') throw this.error('expected a member name');
      const key = this.string();
      this.whitespace();
      if (this.bytes[this.pos] !== 0x3a) throw this.error("expected ':'");
      this.pos++;
      member(key);
      this.whitespace();
      const next = this.bytes[this.pos++];
      if (next === 0x7d) break;
      if (next !== 0x2c) throw this.error("expected ',' or '}'", -1);
    }
    this.depth--;
  }

  /** Reads an array; `item` is called with each index and must read or skip that element. */
  array(item: (index: number) => void): void {
    this.expectKind('array');
    this.enter();
    this.pos++;
    this.whitespace();
    if (this.bytes[this.pos] === 0x5d) {
      this.pos++;
      this.depth--;
      return;
    }
    for (let index = 0; ; index++) {
      item(index);
      this.whitespace();
      const next = this.bytes[this.pos++];
      if (next === 0x5d) break;
      if (next !== 0x2c) throw this.error("expected ',' or ']'", -1);
    }
    this.depth--;
  }

  /** Reads a string. */
  string(): string {
    this.expectKind('string');
    const start = this.pos;
    // Printable ASCII without escapes is its own text; anything else is decoded and unescaped as JSON would.
    if (this.scanString() === 0) return latin1(this.bytes, start + 1, this.pos - 1);
    return JSON.parse(this.decode(start, this.pos)) as string;
  }

  /** The length (UTF-16 code units, as `String.length`) of the next string, without building it when it is ASCII. */
  stringLength(): number {
    this.expectKind('string');
    const start = this.pos;
    const escapeBytes = this.scanString();
    if (escapeBytes >= 0) return this.pos - start - 2 - escapeBytes;
    return (JSON.parse(this.decode(start, this.pos)) as string).length;
  }

  /** Reads a number. */
  number(): number {
    return this.numberAt(this.numberOffset());
  }

  /**
   * Checks the next value is a number and moves past it, returning where it starts for `numberAt`: for callers that
   * need only some of many numbers (converting one costs more than checking it).
   */
  numberOffset(): number {
    this.expectKind('number');
    const bytes = this.bytes;
    const start = this.pos;
    let p = start;
    if (bytes[p] === MINUS) p++;
    if (bytes[p] === DIGIT_0) {
      p++;
      if (isDigit(bytes[p])) throw new JsonBytesError('leading zero in a number', p);
    } else if (isDigit(bytes[p])) {
      while (isDigit(bytes[p])) p++;
    } else {
      throw new JsonBytesError('expected a digit', p);
    }
    if (bytes[p] === 0x2e) {
      p++;
      if (!isDigit(bytes[p])) throw new JsonBytesError('expected a digit after the decimal point', p);
      while (isDigit(bytes[p])) p++;
    }
    if (bytes[p] === 0x65 || bytes[p] === 0x45) {
      p++;
      if (bytes[p] === 0x2b || bytes[p] === MINUS) p++;
      if (!isDigit(bytes[p])) throw new JsonBytesError('expected a digit in the exponent', p);
      while (isDigit(bytes[p])) p++;
    }
    this.pos = p;
    return start;
  }

  /** The value of the number at `offset`, one that `numberOffset` checked. */
  numberAt(offset: number): number {
    const bytes = this.bytes;
    let p = offset;
    const negative = bytes[p] === MINUS;
    if (negative) p++;
    // The significand's digits (exact while at most 15: below 2^53) and how many follow the decimal point.
    let significand = 0;
    let digits = 0;
    let fraction = 0;
    while (isDigit(bytes[p])) {
      significand = significand * 10 + (bytes[p++] - DIGIT_0);
      digits++;
    }
    if (bytes[p] === 0x2e) {
      p++;
      while (isDigit(bytes[p])) {
        significand = significand * 10 + (bytes[p++] - DIGIT_0);
        digits++;
        fraction++;
      }
    }
    // Exact when the significand and the power of ten are both exact doubles (one correctly rounded division);
    // otherwise (an exponent, more digits) the engine's own conversion of the text, as JSON.parse does.
    if (bytes[p] !== 0x65 && bytes[p] !== 0x45 && digits <= 15) {
      const magnitude = fraction === 0 ? significand : significand / EXACT_POWERS[fraction];
      return negative ? -magnitude : magnitude;
    }
    while (p < bytes.length && (isDigit(bytes[p]) || NUMBER_TAIL.has(bytes[p]))) p++;
    return Number(latin1(bytes, offset, p));
  }

  /** Reads `null` (true) or leaves a non-null value to read (false). */
  null(): boolean {
    if (this.kind() !== 'null') return false;
    this.literal('null');
    return true;
  }

  /** Reads `true` or `false`. */
  boolean(): boolean {
    const kind = this.kind();
    if (kind !== 'true' && kind !== 'false') throw this.error('expected true or false');
    this.literal(kind);
    return kind === 'true';
  }

  /** Checks the next value against the grammar and moves past it, building nothing. */
  skip(): void {
    const kind = this.kind();
    switch (kind) {
      case 'object':
        this.object(() => this.skip());
        return;
      case 'array':
        this.array(() => this.skip());
        return;
      case 'string':
        this.scanString();
        return;
      case 'number':
        this.numberOffset();
        return;
      default:
        this.literal(kind);
    }
  }

  /** Checks that nothing but whitespace follows the document. */
  end(): void {
    this.whitespace();
    if (this.pos < this.bytes.length) throw this.error('unexpected data after the JSON document');
  }

  /** An error at the current offset (plus `delta`), for callers that find a well-formed value of the wrong shape. */
  error(message: string, delta = 0): JsonBytesError {
    return new JsonBytesError(message, this.pos + delta);
  }

  private expectKind(kind: JsonKind): void {
    const found = this.kind();
    if (found !== kind)
      throw this.error(`expected ${kind === 'array' || kind === 'object' ? 'an' : 'a'} ${kind}, found ${found}`);
  }

  private enter(): void {
    if (++this.depth > this.maxDepth) throw this.error(`JSON nested deeper than ${this.maxDepth}`);
  }

  private whitespace(): void {
    const bytes = this.bytes;
    let p = this.pos;
    for (;;) {
      const byte = bytes[p];
      if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) p++;
      else break;
    }
    this.pos = p;
  }

  private literal(word: 'true' | 'false' | 'null'): void {
    for (let i = 0; i < word.length; i++) {
      if (this.bytes[this.pos + i] !== word.charCodeAt(i)) throw this.error(`expected ${word}`, i);
    }
    this.pos += word.length;
  }

  /**
   * Moves from a string's opening quote past its closing one, checking its escapes and that it holds no raw control
   * character. Returns, for an ASCII string, how many more bytes its escapes take than the code units they stand for
   * (each escape is one unit: \n two bytes, \u00e9 six; 0: its bytes are its text); -1 when it holds other bytes.
   */
  private scanString(): number {
    const bytes = this.bytes;
    let p = this.pos + 1;
    let escapeBytes = 0;
    let ascii = true;
    for (;;) {
      const byte = bytes[p];
      if (byte === QUOTE) break;
      if (byte === undefined) throw new JsonBytesError('unterminated string', p);
      if (byte < 0x20) throw new JsonBytesError('control character in a string', p);
      if (byte === BACKSLASH) {
        const escaped = bytes[p + 1];
        if (escaped === 0x75) {
          for (let i = 2; i < 6; i++) if (!isHex(bytes[p + i])) throw new JsonBytesError('bad \\u escape', p);
          p += 6;
          escapeBytes += 5;
        } else if (SIMPLE_ESCAPES.has(escaped)) {
          p += 2;
          escapeBytes += 1;
        } else {
          throw new JsonBytesError('bad escape in a string', p);
        }
      } else {
        if (byte >= 0x80) ascii = false;
        p++;
      }
    }
    this.pos = p + 1;
    return ascii ? escapeBytes : -1;
  }

  /** The bytes from `start` to `end` as UTF-8 text (invalid UTF-8 is an error). */
  private decode(start: number, end: number): string {
    try {
      return utf8.decode(this.bytes.subarray(start, end));
    } catch {
      throw new JsonBytesError('invalid UTF-8 in a string', start);
    }
  }
}

/** ASCII bytes as text (callers pass only bytes below 0x80). */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  // Short runs (keys, numbers, tokens) by code; long ones in chunks, to stay within the engine's argument limit.
  for (let i = start; i < end; i += 4096) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(end, i + 4096)) as unknown as number[]);
  }
  return text;
}
