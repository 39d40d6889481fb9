import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles';

describe('import cycles', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    made.push(root);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
    return root;
  }

  it('given src, when its imports are followed (type-only ones too), then no file reaches itself', () => {
    expect(findImportCycles(path.resolve('src'))).toEqual([]);
  });

  it('given two files that import each other only for types, when followed, then that is a cycle', () => {
    const root = tree({
      'a.ts': "import type { B } from './b';\nexport type A = { b: B };\n",
      'b.tsx': "import type { A } from './a';\nexport type B = { a?: A };\n",
    });
    const cycles = findImportCycles(root).map((cycle) => cycle.map((file) => path.basename(file)));
    expect(cycles).toEqual([['a.ts', 'b.tsx']]);
  });

  it('given a cycle through a folder index, a re-export and a dynamic import, when followed, then all three files are in it', () => {
    const root = tree({
      'one.ts': "export { two } from './lib';\nexport const one = 1;\n",
      'lib/index.ts': "export const two = () => import('../three');\n",
      'three.ts': "import { one } from './one.ts';\nexport const three = one;\n",
      'apart.ts': "import { one } from './one';\nexport const apart = one;\n",
    });
    const cycles = findImportCycles(root).map((cycle) => cycle.map((file) => path.relative(root, file)).sort());
    expect(cycles).toEqual([[path.join('lib', 'index.ts'), 'one.ts', 'three.ts']]);
  });
});
