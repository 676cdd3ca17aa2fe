import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

// A follower's cursor kept in a file: read at start, written atomically (a temporary file renamed
// over it) so a crash mid-write leaves the previous cursor, never a torn one.

const CURSOR = /^\d{1,15}$/;

export function cursorFile(file: string): {
  load(): Promise<string | undefined>;
  save(cursor: string): Promise<void>;
} {
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      const cursor = text.trim();
      if (!CURSOR.test(cursor)) {
        throw new Error(`${file} does not hold a changes cursor (a whole number): ${cursor}`);
      }
      return cursor;
    },
    async save(cursor) {
      if (!CURSOR.test(cursor)) throw new Error(`not a changes cursor: ${cursor}`);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, `${cursor}\n`);
      await rename(temporary, file);
    },
  };
}
