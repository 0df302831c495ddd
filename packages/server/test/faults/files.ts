import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** A PDF of `size` bytes, different each time (the type is found in the content). */
export function pdf(size: number): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${randomUUID()}\n`);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

/** Every file below a folder, hidden ones (being written) included: path relative to it, size. */
export function filesBelow(root: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const absolute = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(absolute);
      else found.set(path.relative(root, absolute).split(path.sep).join('/'), statSync(absolute).size);
    }
  };
  try {
    walk(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return found;
}
