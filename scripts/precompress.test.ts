import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFiles } from './precompress';

describe('precompressFiles', () => {
  let dir = '';
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes .br and .gz beside compressible files that decompress to them, and leaves the rest alone', async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;
    await writeFile(join(dir, 'index-abc.js'), script);
    await writeFile(join(dir, 'tiny-abc.css'), 'a{}');
    await writeFile(join(dir, 'photo-abc.png'), Buffer.alloc(4096, 7));
    await precompressFiles(dir, ['index-abc.js', 'tiny-abc.css', 'photo-abc.png']);

    expect((await readdir(dir)).sort()).toEqual(['index-abc.js', 'index-abc.js.br', 'index-abc.js.gz', 'photo-abc.png', 'tiny-abc.css']);
    const br = await readFile(join(dir, 'index-abc.js.br'));
    const gz = await readFile(join(dir, 'index-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 4);
  });
});
