import { describe, expect, it } from 'vitest';
import { chunkTierGroups } from './chunk-tiers';

/** A module graph as rolldown's `getModuleInfo` tells it: static imports and lazy imports per module. */
function graph(modules: Record<string, { imports?: string[]; lazy?: string[]; entry?: boolean }>) {
  const info = (id: string) => {
    const module = modules[id];
    if (!module) return null;
    const importers = Object.keys(modules).filter((other) => modules[other]!.imports?.includes(id));
    const dynamicImporters = Object.keys(modules).filter((other) => modules[other]!.lazy?.includes(id));
    return {
      id,
      isEntry: Boolean(module.entry),
      importedIds: module.imports ?? [],
      dynamicallyImportedIds: module.lazy ?? [],
      importers,
      dynamicImporters,
    };
  };
  // The groups only read these fields of rolldown's ModuleInfo.
  return { getModuleInfo: info as never };
}

const modules = graph({
  '/src/main.tsx': {
    entry: true,
    imports: ['/node_modules/react.js'],
    lazy: ['/src/login.tsx', '/src/shell.tsx'],
  },
  '/node_modules/react.js': {},
  '/src/login.tsx': { imports: ['/src/form.tsx', '/node_modules/react.js'] },
  '/src/form.tsx': { imports: ['/src/button.tsx'] },
  '/src/button.tsx': {},
  '/src/shell.tsx': { imports: ['/src/button.tsx', '/src/header.tsx'], lazy: ['/src/dialog.tsx'] },
  '/src/header.tsx': { imports: ['/src/dialog.tsx'] },
  '/src/dialog.tsx': { imports: ['/src/dialog-body.tsx'] },
  '/src/dialog-body.tsx': {},
});

/** The tier each module lands in (null: left to automatic splitting). */
function tiersOf(ids: string[]) {
  const groups = chunkTierGroups([
    { name: 'sign-in', roots: ['src/login.tsx'] },
    { name: 'shell', roots: ['src/shell.tsx'] },
  ]);
  return Object.fromEntries(
    ids.map((id) => [id, groups.map((group) => group.name(id, modules)).find(Boolean) ?? null]),
  );
}

describe('chunk tiers', () => {
  it('puts a module in the first tier whose roots reach it by static imports', () => {
    expect(tiersOf(['/src/form.tsx', '/src/button.tsx', '/src/header.tsx'])).toEqual({
      '/src/form.tsx': 'sign-in',
      // The shell imports the button too, but the sign-in tier comes first: the shell's chunk imports it.
      '/src/button.tsx': 'sign-in',
      '/src/header.tsx': 'shell',
    });
  });

  it("leaves the entry's modules and every lazily loaded module with its imports alone", () => {
    expect(
      tiersOf([
        '/node_modules/react.js',
        '/src/login.tsx',
        '/src/shell.tsx',
        '/src/dialog.tsx',
        '/src/dialog-body.tsx',
      ]),
    ).toEqual({
      '/node_modules/react.js': null,
      '/src/login.tsx': null,
      '/src/shell.tsx': null,
      '/src/dialog.tsx': null,
      // What a lazy module imports stays with it, though the header imports it statically too.
      '/src/dialog-body.tsx': null,
    });
  });

  it('refuses a root that names no module, instead of silently splitting it again', () => {
    const groups = chunkTierGroups([{ name: 'shell', roots: ['src/shell.tsx', 'src/moved-away.tsx'] }]);
    expect(() => groups[0]!.name('/src/shell.tsx', modules)).toThrow(
      'Chunk tier shell: no module is src/moved-away.tsx',
    );
  });

  it('gives the earlier tiers the higher priority and keeps dependencies out of a group', () => {
    const groups = chunkTierGroups([
      { name: 'a', roots: ['x'] },
      { name: 'b', roots: ['y'] },
    ]);
    expect(groups.map((group) => group.priority)).toEqual([2, 1]);
    expect(groups.every((group) => group.includeDependenciesRecursively === false)).toBe(true);
  });
});
