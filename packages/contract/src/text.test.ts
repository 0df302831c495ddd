import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { limits } from './constants';
import type { Endpoint } from './endpoint';
import { endpoints } from './index';
import { settingsSchema } from './settings';
import {
  optionalPlainTextField,
  plainTextField,
  richTextField,
  text,
  textLength,
  textRule,
  unstorableTextReason,
} from './text';

const emoji = '\u{1F600}'; // 😀, one code point, a surrogate pair of two UTF-16 code units
const family = '\u{1F469}\u200D\u{1F4BB}'; // 👩‍💻, a ZWJ sequence of two pairs
const combining = 'e\u0301\u0308\u0323'; // e with three combining marks
const highAlone = '\uD83D';
const lowAlone = '\uDE00';

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the text rule', () => {
  it('refuses NUL wherever it is, naming it', () => {
    for (const value of ['\u0000', 'a\u0000b', '\u0000abc', 'abc\u0000', `${emoji}\u0000`]) {
      expect(messagesOf(text(), value), JSON.stringify(value)).toEqual([
        expect.stringContaining('must not contain a NUL character (U+0000)'),
      ]);
    }
    expect(unstorableTextReason('ab\u0000')).toBe(
      'must not contain a NUL character (U+0000), found at character 3',
    );
  });

  it('refuses a lone high or low surrogate, and a pair in the wrong order', () => {
    // The position counts characters: an emoji before it is one.
    const cases: [string, string, number][] = [
      [highAlone, 'U+D83D', 1],
      [`a${highAlone}`, 'U+D83D', 2],
      [`${highAlone}b`, 'U+D83D', 1],
      [`${highAlone}${highAlone}${lowAlone}`, 'U+D83D', 1],
      [lowAlone, 'U+DE00', 1],
      [`a${lowAlone}`, 'U+DE00', 2],
      [`${lowAlone}${highAlone}`, 'U+DE00', 1],
      [`${emoji}${emoji}${lowAlone}`, 'U+DE00', 3],
    ];
    for (const [value, codePoint, position] of cases) {
      expect(messagesOf(text(), value), JSON.stringify(value)).toEqual([
        `must not contain an unpaired surrogate (${codePoint}), found at character ${position}`,
      ]);
    }
  });

  it('keeps valid surrogate pairs, ZWJ sequences, combining marks and everything else as sent', () => {
    const kept = [
      '',
      emoji,
      family,
      '\u{1F1E9}\u{1F1EA}',
      combining,
      'Z\u0351\u0352\u0353a\u0354\u0355l\u0356g\u0357o',
      'שלום עולם',
      'tab\tand\nlines\r\n',
      '\u0001\u001f\u007f\u200b\u202e',
      '\uFFFD\uFFFE\uFFFF',
      '<script>alert(1)</script> &amp; a<b',
    ];
    for (const value of kept) expect(text().parse(value), JSON.stringify(value)).toBe(value);
  });

  it('runs on the raw value, before a field trims it', () => {
    expect(messagesOf(plainTextField(10), '  \u0000  ')).toContain(
      'must not contain a NUL character (U+0000), found at character 3',
    );
  });
});

describe('plain and rich text fields', () => {
  it('plain text: trimmed, otherwise verbatim (markup, entities and code stay as typed)', () => {
    const field = plainTextField(limits.commentMaxLength);
    const code = 'Use List<string> or Map<K, V> here; 3 < 4 and a<b';
    expect(field.parse(code)).toBe(code);
    expect(field.parse('  <b>x</b> &amp; &lt;script&gt;  ')).toBe('<b>x</b> &amp; &lt;script&gt;');
    expect(field.parse(`if (a && b) {\n  return x >> 2;\n}`)).toBe(`if (a && b) {\n  return x >> 2;\n}`);
    expect(field.safeParse('   ').success).toBe(false);
  });

  it('counts code points, as PostgreSQL does: an emoji is one, each combining mark one more', () => {
    const field = plainTextField(4);
    expect(field.parse(`${emoji}${emoji}${emoji}${emoji}`)).toBe(`${emoji}${emoji}${emoji}${emoji}`);
    expect(field.safeParse(`${emoji}${emoji}${emoji}${emoji}${emoji}`).success).toBe(false);
    expect(field.parse(family)).toBe(family); // three code points
    expect(field.safeParse(`${family}${emoji}a`).success).toBe(false);
    expect(field.parse(combining)).toBe(combining);
    expect(field.safeParse(`${combining}\u0324`).success).toBe(false);
  });

  it('textLength counts as the schemas do', () => {
    expect(textLength(`${emoji}a`)).toBe(2);
    expect(textLength(family)).toBe(3);
    expect(textLength(combining)).toBe(4);
    expect(textLength('')).toBe(0);
  });

  it('rich text has the same rule and limits (the server sanitises it after)', () => {
    const field = richTextField(30);
    expect(field.parse(' <p>a<script>x</script></p> ')).toBe('<p>a<script>x</script></p>');
    expect(field.safeParse('<p>a\u0000</p>').success).toBe(false);
    expect(field.safeParse(`<p>${'a'.repeat(24)}</p>`).success).toBe(false);
  });

  it('optional plain text: empty is null, the rule still applies', () => {
    const field = optionalPlainTextField(5);
    expect(field.parse('  ')).toBeNull();
    expect(field.parse(null)).toBeNull();
    expect(field.parse(' a<b ')).toBe('a<b');
    expect(field.safeParse(`a${highAlone}`).success).toBe(false);
  });
});

/**
 * Every string schema reachable from `schema`, with its path. Strings inside `z.stringbool()` (a fixed
 * set of words) are left out; `z.unknown()` values cannot be walked (the settings patch is checked
 * through `settingsSchema`, which the server validates the merged settings with).
 */
function stringsIn(schema: z.ZodType, path: string, found: [string, z.ZodType][], open = new Set<unknown>()) {
  // Only a schema that contains itself (z.lazy) is met again while it is open.
  if (open.has(schema)) return;
  open.add(schema);
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definitions
  const def = (schema as any)._zod.def;
  const walk = (inner: z.ZodType | undefined, at: string) => {
    if (inner) stringsIn(inner, at, found, open);
  };
  switch (def.type) {
    case 'string':
      found.push([path, schema]);
      break;
    case 'object':
      for (const [key, value] of Object.entries(def.shape)) walk(value as z.ZodType, `${path}.${key}`);
      walk(def.catchall, `${path}.*`);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'record':
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{value}`);
      break;
    case 'union':
      def.options.forEach((option: z.ZodType, index: number) => {
        walk(option, `${path}|${index}`);
      });
      break;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      break;
    case 'pipe':
      // z.stringbool() is a codec of a fixed set of words; anything else is walked on both sides.
      if (def.reverseTransform && def.out?._zod.def.type === 'boolean') break;
      walk(def.in, path);
      walk(def.out, path);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType, path);
      break;
    case 'lazy':
      walk(def.getter(), path);
      break;
    default:
      break;
  }
  open.delete(schema);
}

function withoutRule(strings: [string, z.ZodType][]): string[] {
  // biome-ignore lint/suspicious/noExplicitAny: reading zod's internal check list
  return strings.filter(([, s]) => !((s as any)._zod.def.checks ?? []).includes(textRule)).map(([p]) => p);
}

describe('every string the API accepts follows the rule', () => {
  const inputs: [string, z.ZodType][] = [['settings (the merged PUT settings)', settingsSchema]];
  for (const [resource, group] of Object.entries(endpoints)) {
    for (const [name, endpoint] of Object.entries(group as Record<string, Endpoint>)) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = endpoint[part];
        if (schema) inputs.push([`${resource}.${name} ${part}`, schema]);
      }
    }
  }

  it('finds the inputs and their strings', () => {
    const strings: [string, z.ZodType][] = [];
    for (const [where, schema] of inputs) stringsIn(schema, where, strings);
    // Enough to know the walk reached them: the comment text, the post HTML, a query and a path parameter.
    const paths = strings.map(([path]) => path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'comments.write body.text',
        'posts.create body.description',
        'directory.list query.query',
        'news.get params.id',
        'users.update body.skills[]',
      ]),
    );
  });

  it('carries the rule in every params, query and body schema', () => {
    const strings: [string, z.ZodType][] = [];
    for (const [where, schema] of inputs) stringsIn(schema, where, strings);
    expect(strings.length).toBeGreaterThan(50);
    expect(withoutRule(strings)).toEqual([]);
  });

  it('would notice a string without it', () => {
    const strings: [string, z.ZodType][] = [];
    stringsIn(z.object({ a: text(), b: z.array(z.string().max(3)).optional() }), 'x', strings);
    expect(withoutRule(strings)).toEqual(['x.b[]']);
  });
});
