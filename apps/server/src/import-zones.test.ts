/**
 * Import zones of the workspace (decision 0001), checked over the sources:
 * - a server module (apps/server/src/modules/<m>/) imports another module only through its public
 *   entry point, `service.ts`; only modules/index.ts imports a module's `index.ts` (its plugin), to
 *   register it; tests and test kits may use another module's `test-kit.ts`. Repositories, routes and every
 *   other file of a module are its own.
 * - a web feature (apps/web/src/features/<x>/) never imports another feature.
 * Imports are read with a small parser of `import … from`, `export … from`, `import('…')` and
 * side-effect imports; relative specifiers are resolved against the importing file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const modulesDir = path.join(root, 'apps/server/src/modules');
const featuresDir = path.join(root, 'apps/web/src/features');

/** Every .ts / .tsx file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The files a source imports by relative path, resolved to absolute paths. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2]!;
    if (spec.startsWith('.')) found.push(path.resolve(path.dirname(file), spec));
  }
  return found;
}

/** The first folder of `file` under `dir` (its module or feature), or undefined when outside. */
function zoneOf(dir: string, file: string): string | undefined {
  const rel = path.relative(dir, file);
  if (rel.startsWith('..') || !rel.includes(path.sep)) return undefined;
  return rel.split(path.sep)[0];
}

/** Lines `importer → imported` for every import that leaves its zone against the rule. */
function violations(dir: string, allowed: (importer: string, target: string) => boolean): string[] {
  const found: string[] = [];
  for (const file of sources(dir)) {
    for (const target of relativeImports(file)) {
      const zone = zoneOf(dir, target);
      if (zone === undefined || zone === zoneOf(dir, file) || allowed(file, target)) continue;
      found.push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
    }
  }
  return found.sort();
}

describe('import zones', () => {
  it("server modules use each other's service.ts only; modules/index.ts registers each module's index.ts", () => {
    const found = violations(modulesDir, (importer, target) => {
      const entry = path.relative(modulesDir, target).split(path.sep).slice(1).join('/');
      if (entry === 'service.ts') return zoneOf(modulesDir, importer) !== undefined;
      if (entry === 'test-kit.ts') return importer.endsWith('.test.ts') || importer.endsWith('test-kit.ts');
      return entry === 'index.ts' && importer === path.join(modulesDir, 'index.ts');
    });
    expect(found, "these files import another module's internals: call that module's service.ts instead").toEqual([]);
  });

  it('web features do not import each other', () => {
    expect(
      violations(featuresDir, () => false),
      'these files import another feature: move what both need to lib/ or components/',
    ).toEqual([]);
  });
});
