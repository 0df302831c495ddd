import { type Mode, type Rules, remove, rulesOf, type Spot, shapeOf } from './schema';

/*
 * Ways to break one place of a request. Each candidate is a concrete value (or `remove`); which ones
 * apply depends on how the value travels (JSON body, query string, path) and on what the schema says
 * at that place (type, lengths, bounds, keys).
 */

export interface Candidate {
  name: string;
  value: unknown;
}

/** A member id no fixture, path or generated number ever names: found in a stored row, it was mass-assigned. */
export const bystanderId = 7_777_777;
/** An id no table reaches in a test run. */
export const foreignId = 424_242;
/** A text that only ever travels in fields the contract does not have. */
export const massMarker = 'mass-assigned-marker';

/** Fields a client must never set: who wrote something, who someone is, rights, ids, secrets. */
export const privilegedFields: Record<string, unknown> = {
  id: foreignId,
  user_id: bystanderId,
  author_id: bystanderId,
  creator_id: bystanderId,
  written_by: bystanderId,
  uploader_id: bystanderId,
  owner_id: bystanderId,
  invited_by: bystanderId,
  created_by: bystanderId,
  actor_id: bystanderId,
  target_id: foreignId,
  is_superadmin: true,
  permissions: ['superadmin', 'users', 'post_as_author'],
  role: 'admin',
  agb_nda_accepted: true,
  password_hash: massMarker,
  key_hash: massMarker,
  img_path: massMarker,
  path: massMarker,
  failed_logins: -foreignId,
  created_at: '2001-01-01T00:00:00.000Z',
};

const emoji = '😀';

/** `n` UTF-16 code units of emoji (surrogate pairs), an `a` when `n` is odd. */
export function emojiFill(n: number): string {
  return emoji.repeat(Math.floor(n / 2)) + (n % 2 ? 'a' : '');
}

/** `n` code units of `e` + combining acute accent. */
export function combiningFill(n: number): string {
  return 'e\u0301'.repeat(Math.floor(n / 2)) + (n % 2 ? 'e' : '');
}

function nest(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

function stringAttacks(rules: Rules, current: unknown, huge: number): Candidate[] {
  const base = typeof current === 'string' && current.length > 0 ? current.slice(0, 40) : 'a';
  const list: Candidate[] = [];
  const max = rules.maxLength;
  if (max !== undefined) {
    list.push(
      { name: 'string of maximum + 1', value: 'x'.repeat(max + 1) },
      { name: 'emoji at the maximum', value: emojiFill(max) },
      { name: 'emoji at maximum + 1', value: emojiFill(max + 1) },
      { name: 'combining marks at the maximum', value: combiningFill(max) },
      { name: 'combining marks at maximum + 1', value: combiningFill(max + 1) },
    );
  }
  if (rules.minLength !== undefined && rules.minLength > 0) {
    list.push({ name: 'string of minimum - 1', value: 'x'.repeat(rules.minLength - 1) });
  }
  list.push(
    { name: 'huge string', value: 'x'.repeat(huge) },
    { name: 'empty string', value: '' },
    { name: 'blank string', value: ' \t\n ' },
    { name: 'NUL inside', value: `${base}\u0000x` },
    { name: 'NUL alone', value: '\u0000' },
    { name: 'control characters', value: `\u0001\u0007\b\u001b[31m\u007f\u0085${base}` },
    { name: 'lone high surrogate', value: `${base}\ud800` },
    { name: 'lone low surrogate', value: `\udc00${base}` },
    { name: 'bidi override', value: `\u202e${base}\u2066` },
    { name: 'zero-width characters', value: `\u200b\ufeff${base}\u200d` },
    { name: 'zalgo', value: `${base}${'\u0301'.repeat(60)}` },
    { name: 'SQL', value: `${base}' OR '1'='1'; --` },
    { name: 'LIKE wildcards', value: '%_\\%' },
    { name: 'HTML', value: '<img src=x onerror=alert(1)><script>alert(1)</script>' },
    {
      name: 'mentions of impossible members',
      value:
        '<p><span data-type="mention" data-id="2147483648" data-label="A">@A</span> ' +
        '<span data-type="mention" data-id="9999999999" data-label="B">@B</span></p>',
    },
    { name: 'path traversal', value: '../../../../etc/passwd' },
    { name: 'format string', value: '%s%n%x$\u{7b}7*7}{{7*7}}' },
    { name: 'number as text', value: '1e309' },
    { name: 'Arabic-Indic digits', value: '١٢٣' },
    { name: 'fullwidth letters', value: 'ｆｕｌｌ' },
    { name: 'CRLF', value: `${base}\r\nX-Injected: 1` },
    { name: 'line separators', value: `${base}\u2028\u2029` },
    { name: 'noncharacters', value: '\uffff\ufffe' },
    { name: 'astral characters', value: '𝕏𓀀' },
    { name: 'emoji ZWJ sequences', value: '👩‍👩‍👧‍👦'.repeat(3) },
  );
  return list;
}

function numberAttacks(rules: Rules): Candidate[] {
  const list: Candidate[] = [
    { name: '-1', value: -1 },
    { name: '0', value: 0 },
    { name: '0.5', value: 0.5 },
    { name: '1e308', value: 1e308 },
    { name: '-1e308', value: -1e308 },
    { name: 'largest int4', value: 2 ** 31 - 1 },
    { name: 'int4 + 1', value: 2 ** 31 },
    { name: 'int4 minimum - 1', value: -(2 ** 31) - 1 },
    { name: 'beyond safe integers', value: 2 ** 53 + 2 },
    { name: '1e21', value: 1e21 },
  ];
  if (rules.max !== undefined) {
    list.push({ name: 'maximum + 1', value: rules.max + 1 }, { name: 'maximum', value: rules.max });
  }
  if (rules.min !== undefined) {
    list.push({ name: 'minimum - 1', value: rules.min - 1 }, { name: 'minimum', value: rules.min });
  }
  return list;
}

const numberTexts = [
  '-1',
  '0',
  '1.5',
  '1e3',
  '1e309',
  '0x10',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  'NaN',
  'Infinity',
  ' 1',
  '١',
  '1;DROP TABLE users',
];

function extraFields(spot: Spot): Candidate[] {
  const shape = spot.core ? shapeOf(spot.core.schema) : undefined;
  const own = new Set(Object.keys(shape ?? {}));
  const extras = Object.entries(privilegedFields).filter(([key]) => !own.has(key));
  const object = spot.value as Record<string, unknown>;
  return [
    { name: 'every privileged field added', value: { ...object, ...Object.fromEntries(extras) } },
    ...extras.map(([key, value]) => ({
      name: `privileged field ${key} added`,
      value: { ...object, [key]: value },
    })),
    { name: 'unknown long key added', value: { ...object, ['k'.repeat(300)]: 1 } },
  ];
}

function arrayAttacks(rules: Rules, current: unknown[]): Candidate[] {
  const item = current[0] ?? 1;
  const itemSize = JSON.stringify(item ?? null).length + 1;
  const list: Candidate[] = [
    { name: 'empty array', value: [] },
    { name: 'array of null', value: [null] },
    { name: 'array in the array', value: [current] },
    { name: 'mixed array', value: [item, 'x', 1, null, {}, []] },
    { name: 'duplicates', value: [item, item, item] },
  ];
  if (rules.maxLength !== undefined && (rules.maxLength + 1) * itemSize < 900_000) {
    list.push({ name: 'items of maximum + 1', value: Array(rules.maxLength + 1).fill(item) });
  }
  if (10_000 * itemSize < 900_000) list.push({ name: '10 000 items', value: Array(10_000).fill(item) });
  return list;
}

/** Ways to break a JSON body at one spot. */
function jsonCandidates(spot: Spot): Candidate[] {
  const rules = spot.core ? rulesOf(spot.core.schema) : { int: false, patterns: [] };
  const type = spot.core?.type;
  const value = spot.value;
  const list: Candidate[] = [
    { name: 'null', value: null },
    { name: 'the value in an array', value: [value] },
    { name: 'empty object', value: {} },
    { name: 'operator object', value: { $gt: '' } },
    { name: 'a number', value: 12345 },
    { name: 'a numeric string', value: '1' },
    { name: 'true', value: true },
    { name: 'deeply nested arrays', value: nest(500) },
  ];
  if (spot.inObject) list.push({ name: 'left out', value: remove });
  if (type === 'string' || typeof value === 'string') list.push(...stringAttacks(rules, value, 300_000));
  if (type === 'number' || typeof value === 'number') list.push(...numberAttacks(rules));
  if (type === 'boolean' || typeof value === 'boolean')
    list.push({ name: '"true"', value: 'true' }, { name: '1', value: 1 });
  if (type === 'enum' || type === 'literal')
    list.push(
      { name: 'unknown choice', value: 'not-a-choice' },
      { name: 'choice in capitals', value: String(value).toUpperCase() },
      { name: 'choice with NUL', value: `${String(value)}\u0000` },
    );
  if (Array.isArray(value)) list.push(...arrayAttacks(rules, value));
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) list.push(...extraFields(spot));
  return list;
}

/** Ways to break a query parameter (or, at the root, the query as a whole). */
function queryCandidates(spot: Spot): Candidate[] {
  if (spot.path.length === 0) {
    const query = spot.value as Record<string, string | string[]>;
    const extras = Object.entries(privilegedFields).map(([key, value]) => [key, String(value)]);
    return [
      { name: 'privileged parameters added', value: { ...query, ...Object.fromEntries(extras) } },
      { name: 'unknown filter facet', value: { ...query, 'filters[no_such_facet]': 'x' } },
      { name: 'filter facet with NUL', value: { ...query, 'filters[locations]': 'a\u0000b' } },
      { name: 'bracketed array key', value: { ...query, 'page[]': '2' } },
      { name: 'nested key', value: { ...query, 'per_page[a][b]': '1' } },
      {
        name: 'every key repeated',
        value: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, [v, v].flat()])),
      },
    ];
  }
  const rules = spot.core ? rulesOf(spot.core.schema) : { int: false, patterns: [] };
  const value = spot.value;
  const text = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
  const list: Candidate[] = [
    { name: 'repeated', value: [text, text] },
    { name: 'repeated with another value', value: [text, 'x'] },
    { name: 'left out', value: remove },
    ...numberTexts.map((t) => ({ name: `"${t}"`, value: t })),
    ...stringAttacks(rules, text, 20_000),
  ];
  if (rules.max !== undefined) list.push({ name: 'maximum + 1', value: String(rules.max + 1) });
  if (rules.min !== undefined) list.push({ name: 'minimum - 1', value: String(rules.min - 1) });
  return list;
}

/** Ways to break a path parameter (always a string in the path). */
function paramCandidates(spot: Spot): Candidate[] {
  if (spot.path.length === 0) return [];
  return [
    ...numberTexts.map((t) => ({ name: `"${t}"`, value: t })),
    { name: 'NUL', value: '\u0000' },
    { name: 'NUL after a number', value: '1\u0000' },
    { name: 'lone surrogate', value: '\ud800' },
    { name: 'emoji', value: emoji },
    { name: 'dot segment', value: '..' },
    { name: 'encoded slash', value: '1/2' },
    { name: 'long text', value: 'x'.repeat(90) },
    { name: 'text beyond the router limit', value: '1'.repeat(150) },
    { name: 'SQL', value: "1' OR '1'='1" },
    { name: 'ligature', value: 'ﬁ' },
  ];
}

export function candidatesFor(spot: Spot, mode: Mode): Candidate[] {
  if (mode === 'json') return jsonCandidates(spot);
  if (mode === 'query') return queryCandidates(spot);
  return paramCandidates(spot);
}
