// The house has no import circles (docs/architecture.md): no file reaches itself through
// relative imports, type-only ones included. Workspaces import each other by package name,
// and those edges are held one way by turbo and the ESLint boundaries instead.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|mts|js|mjs|astro)$/;
// `from './x.ts'`, `import './x.ts'`, `import('./x.ts')`: a relative specifier only.
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', 'apps', 'packages', 'scripts', 'test'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => SOURCE.test(file));
}

interface Tree {
  read(file: string): string;
  exists(file: string): boolean;
}

/** The file a relative specifier names, as TypeScript and Node resolve it here; null when it is not in the tree. */
function resolve(tree: Tree, from: string, specifier: string): string | null {
  const base = path.join(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, base.replace(/\.js$/, '.ts'), path.join(base, 'index.ts')];
  return candidates.find((file) => tree.exists(file)) ?? null;
}

/** Each file and the files it imports by a relative specifier. */
function importGraph(files: readonly string[], tree: Tree): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...tree.read(file).matchAll(RELATIVE_IMPORT)].map(([, specifier]) =>
      resolve(tree, file, specifier!),
    );
    graph.set(
      file,
      targets.filter((target): target is string => target !== null && target !== file),
    );
  }
  return graph;
}

/** Every group of files that import each other round (Tarjan's strongly connected components of two or more). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import circles', () => {
  it('finds a circle through a type-only import, and none once it is cut', () => {
    const files: Record<string, string> = {
      'a/client.ts': "import { send } from './transport.ts';",
      'a/transport.ts': "import type { Options } from './client';\nimport './leaf.ts';",
      'a/leaf.ts': "export const leaf = import('./missing.ts');",
    };
    const tree: Tree = { read: (file) => files[file]!, exists: (file) => file in files };
    expect(circles(importGraph(Object.keys(files), tree))).toEqual([['a/client.ts', 'a/transport.ts']]);
    files['a/transport.ts'] = "import './leaf.ts';";
    expect(circles(importGraph(Object.keys(files), tree))).toEqual([]);
  });

  it('has none in the repository', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(300);
    const graph = importGraph(files, {
      read: (file) => readFileSync(path.join(ROOT, file), 'utf8'),
      // A file, not a directory: `./dir` resolves to `./dir/index.ts`.
      exists: (file) => statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile() === true,
    });
    expect([...graph.values()].flat().length).toBeGreaterThan(500);
    expect(circles(graph)).toEqual([]);
  });
});
