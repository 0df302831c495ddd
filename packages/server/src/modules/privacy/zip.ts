import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const encoder = new TextEncoder();

/**
 * A zip written as it grows into a file: entries are added one after another, each streamed in
 * pieces, and the writer waits for the file to drain whenever its buffer is full, so neither the
 * data nor the zip is held in memory whole.
 */
export function zipWriter(absolutePath: string) {
  const out = createWriteStream(absolutePath, { flags: 'wx', mode: 0o640 });
  let failure: Error | null = null;
  out.on('error', (error) => {
    failure = error;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else out.write(chunk);
    if (final || error) out.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  };

  return {
    /** A JSON list written in pieces: `open` the entry, `push` items, `close` it. */
    async jsonList(name: string, pages: AsyncIterable<unknown[]>): Promise<number> {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      let count = 0;
      entry.push(encoder.encode('['));
      for await (const items of pages) {
        const text = items.map((item) => `${count++ > 0 ? ',' : ''}\n${JSON.stringify(item)}`).join('');
        entry.push(encoder.encode(text));
        await drained();
      }
      entry.push(encoder.encode('\n]\n'), true);
      return count;
    },
    async json(name: string, value: unknown): Promise<void> {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(encoder.encode(`${JSON.stringify(value, null, 2)}\n`), true);
      await drained();
    },
    /** A file's bytes as they are (stored files are mostly compressed already). */
    async stream(name: string, body: Readable): Promise<void> {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      for await (const chunk of body) {
        entry.push(chunk instanceof Uint8Array ? chunk : encoder.encode(String(chunk)));
        await drained();
      }
      entry.push(new Uint8Array(0), true);
    },
    /** Ends the zip and waits until the file is written. */
    async finish(): Promise<void> {
      zip.end();
      if (!out.writableFinished) await once(out, 'finish');
      if (failure) throw failure;
    },
    /** Stops after a failure: the file is closed (the caller removes it). */
    abort(): void {
      zip.terminate();
      out.destroy();
    },
  };
}
