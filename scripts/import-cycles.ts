import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The import cycles under a folder, type-only imports included: every static
 * `import`/`export … from` and dynamic `import()` of a relative path is an
 * edge. Run `npx tsx scripts/import-cycles.ts [folder]` (default `src`); it
 * exits 1 and prints each cycle when there is one. A unit test keeps it empty.
 */
export function findImportCycles(root: string): string[][] {
  const files = listSources(root);
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(path.resolve(path.dirname(file), name), known))
      .filter((target): target is string => target !== undefined);
    edges.set(file, [...new Set(targets)]);
  }
  return stronglyConnected(files, edges).map((group) => group.map((file) => path.relative(process.cwd(), file)).sort());
}

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.resolve(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listSources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(base: string, known: Set<string>): string | undefined {
  const stem = base.replace(/\.js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => known.has(candidate));
}

/** Tarjan's strongly connected components with more than one file, or a file importing itself. */
function stronglyConnected(nodes: string[], edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (edges.get(node) ?? []).includes(node)) groups.push(group);
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = findImportCycles(path.resolve(process.argv[2] ?? 'src'));
  for (const cycle of cycles) console.log(`cycle: ${cycle.join(' ↔ ')}`);
  console.log(cycles.length === 0 ? 'no import cycles' : `${cycles.length} import cycle(s)`);
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
