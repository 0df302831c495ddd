import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'plaza-precompress-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip twins that decode to each text file, and skips the rest', async () => {
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
    const js = `export const text = ${JSON.stringify('Plaza '.repeat(1000))};`;
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html>${'<p>Plaza</p>'.repeat(200)}`,
      'assets/index-Ab12Cd34.js': js,
      'assets/index-Ab12Cd34.css': `.a{color:red}${'.b{margin:0}'.repeat(200)}`,
      'assets/small-Ab12Cd34.js': 'export {};',
      'assets/photo-Ab12Cd34.webp': Buffer.alloc(4096, 7),
      '.vite/manifest.json': JSON.stringify({ filler: 'x'.repeat(4000) }),
    };
    for (const [file, content] of Object.entries(files)) writeFileSync(path.join(dir, file), content);

    const written = await precompressDir(dir);
    const big = ['assets/index-Ab12Cd34.css', 'assets/index-Ab12Cd34.js', 'index.html'];
    expect(written.map((file) => path.relative(dir, file))).toEqual(
      big.flatMap((file) => [`${file}.br`, `${file}.gz`]).sort(),
    );
    for (const file of big) {
      const original = readFileSync(path.join(dir, file));
      const br = readFileSync(path.join(dir, `${file}.br`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(path.join(dir, `${file}.gz`))).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length);
    }
  });
});
