import { readFileSync } from 'node:fs';
import { endpoints } from '@plaza/contract';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
const pages = JSON.parse(readFileSync('/tmp/pz/pages.json', 'utf8'));
console.log('modules types', [...new Set(pages.flatMap((p: any) => (p.modules ?? []).map((m: any) => m.type)))]);
const json = z.toJSONSchema(endpoints.pages.get.response, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
const fast = fastJson(json as any);
function bench(name: string, fn: (d: unknown) => string, n = 200) {
  for (let i = 0; i < 20; i++) for (const p of pages) fn(p);
  const t = performance.now(); for (let i = 0; i < n; i++) for (const p of pages) fn(p); console.log(name.padEnd(20), ((performance.now() - t) * 1000 / (n * pages.length)).toFixed(0), 'µs');
}
bench('fjs', fast); bench('JSON.stringify', (d) => JSON.stringify(d)); bench('fjs', fast);
