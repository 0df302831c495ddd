import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webDir = path.resolve(import.meta.dirname, '../..');

describe("the app page's icon", () => {
  it('is a 32 px PNG in public/: an SVG icon is a document the page builds on its main thread as it loads', () => {
    const page = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    const link = /<link rel="icon" href="\/([^"]+)" type="image\/png" sizes="32x32" \/>/.exec(page);
    expect(link, 'index.html names a PNG icon of 32 px').not.toBeNull();
    const file = readFileSync(path.join(webDir, 'public', link![1]!));
    // A PNG's signature, then its header chunk: width and height as 32-bit numbers.
    expect(file.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(file.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual([32, 32]);
  });

  it("is the icon the service worker's notifications show, a file public/ holds", () => {
    const page = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    const pageIcon = /<link rel="icon" href="([^"]+)"/.exec(page)?.[1];
    const worker = readFileSync(path.join(webDir, 'public/sw.js'), 'utf8');
    const workerIcon = /icon: '([^']+)'/.exec(worker)?.[1];
    expect(workerIcon).toBe(pageIcon);
    expect(() => readFileSync(path.join(webDir, 'public', workerIcon!))).not.toThrow();
  });
});
