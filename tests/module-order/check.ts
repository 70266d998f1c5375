// The module-order checker: reads every import (value, type and dynamic) with the TypeScript compiler's
// own scanner and resolver, places each file in the layer table (./layers.ts) and lists every import
// that goes up a layer, crosses to a same-layer module not listed in `uses`, closes a cycle between
// modules or between files, or breaks an area rule (src/lib and src/islands never import src/server).
// It works on an in-memory file map, so the test can plant a violation and watch it fail.
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AREA_RULES, LAYERS, MODULES, type Layer, type ModuleEntry } from './layers';

const CODE = /\.(ts|tsx|mts|mjs|js|astro)$/;
const VIRTUAL_ROOT = '/repo';

/** One import between two files of the tree, both as repository-relative posix paths. */
export interface Edge {
  from: string;
  to: string;
}

/** Frontmatter and <script> bodies of an .astro file: the only parts that import. */
function astroCode(text: string): string {
  const parts: string[] = [];
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (front?.[1]) parts.push(front[1]);
  for (const m of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) if (m[1]) parts.push(m[1]);
  return parts.join('\n;\n');
}

/** Resolves one specifier the way `tsc` does (bundler resolution, `~/*` → `src/*`); null for packages. */
function resolver(files: ReadonlyMap<string, string>) {
  const abs = (p: string) => `${VIRTUAL_ROOT}/${p}`;
  const host: ts.ModuleResolutionHost = {
    fileExists: (p) => p.startsWith(`${VIRTUAL_ROOT}/`) && files.has(p.slice(VIRTUAL_ROOT.length + 1)),
    readFile: (p) => files.get(p.slice(VIRTUAL_ROOT.length + 1)),
    directoryExists: (d) => {
      if (!d.startsWith(VIRTUAL_ROOT)) return false;
      const prefix = d === VIRTUAL_ROOT ? '' : `${d.slice(VIRTUAL_ROOT.length + 1)}/`;
      for (const f of files.keys()) if (f.startsWith(prefix)) return true;
      return false;
    },
  };
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: true,
    resolveJsonModule: true,
    allowArbitraryExtensions: true,
    allowImportingTsExtensions: true,
    baseUrl: VIRTUAL_ROOT,
    paths: { '~/*': ['./src/*'] },
  };
  return (from: string, spec: string): string | null | undefined => {
    const bare = spec.replace(/\?.*$/, '');
    if (!bare.startsWith('.') && !bare.startsWith('~/')) return null;
    const r = ts.resolveModuleName(bare, abs(from), options, host).resolvedModule;
    if (r && r.resolvedFileName.startsWith(`${VIRTUAL_ROOT}/`)) return r.resolvedFileName.slice(VIRTUAL_ROOT.length + 1);
    // Files the compiler has no resolution for (.astro, .css, .json): an exact path in the tree.
    const dir = from.split('/').slice(0, -1).join('/');
    const target = bare.startsWith('~/') ? `src/${bare.slice(2)}` : posixJoin(dir, bare);
    return files.has(target) ? target : undefined;
  };
}

function posixJoin(dir: string, rel: string): string {
  const out = dir ? dir.split('/') : [];
  for (const seg of rel.split('/')) {
    if (seg === '..') out.pop();
    else if (seg !== '.' && seg !== '') out.push(seg);
  }
  return out.join('/');
}

/** Every internal import of the tree; `unresolved` lists relative or `~/` specifiers that name no file. */
export function importGraph(files: ReadonlyMap<string, string>): { edges: Edge[]; unresolved: string[] } {
  const resolve = resolver(files);
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  for (const [path, text] of files) {
    if (!CODE.test(path)) continue;
    const code = path.endsWith('.astro') ? astroCode(text) : text;
    const seen = new Set<string>();
    for (const { fileName } of ts.preProcessFile(code, true, true).importedFiles) {
      const to = resolve(path, fileName);
      if (to === null) continue;
      // Scripts may reach into tests/ (fixtures), which the tree leaves out; src must resolve whole.
      if (to === undefined) {
        if (path.startsWith('src/')) unresolved.push(`${path} imports '${fileName}', which names no file in the tree`);
      } else if (to !== path && !seen.has(to)) {
        seen.add(to);
        edges.push({ from: path, to });
      }
    }
  }
  return { edges, unresolved };
}

/** The module of a file: the table entry with the longest matching path (a folder ending in '/' or a file). */
export function moduleOf(path: string, modules: readonly ModuleEntry[] = MODULES): ModuleEntry | undefined {
  let best: ModuleEntry | undefined;
  let bestLen = -1;
  for (const m of modules)
    for (const p of m.paths)
      if ((p.endsWith('/') ? path.startsWith(p) : path === p) && p.length > bestLen) {
        best = m;
        bestLen = p.length;
      }
  return best;
}

/** Strongly connected components with more than one member (Tarjan). */
export function cycles(nodes: Iterable<string>, next: (n: string) => Iterable<string>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return out;
}

/** One shortest loop through the members of a component, for a readable message (a → b → a). */
function loopThrough(comp: readonly string[], next: (n: string) => Iterable<string>): string[] {
  const members = new Set(comp);
  const start = comp[0]!;
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of next(v)) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = prev.get(u)!) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...comp, start];
}

const rank = (l: Layer) => LAYERS.indexOf(l);

/** Every breach of the module order in the tree, each a sentence naming both files, both modules and the fix. */
export function checkModuleOrder(files: ReadonlyMap<string, string>, modules: readonly ModuleEntry[] = MODULES): string[] {
  const { edges, unresolved } = importGraph(files);
  const problems = [...unresolved];
  const byName = new Map(modules.map((m) => [m.name, m]));

  for (const m of modules)
    for (const u of m.uses ?? []) {
      const target = byName.get(u);
      if (!target) problems.push(`layers.ts: ${m.name} uses '${u}', which is no module of the table`);
      else if (target.layer !== m.layer)
        problems.push(`layers.ts: ${m.name} lists ${u} in uses, but uses is only for the same layer (${m.layer})`);
    }

  for (const path of files.keys())
    if (CODE.test(path) && path.startsWith('src/server/') && !moduleOf(path, modules))
      problems.push(`${path} is in no module of the table. Fix: add its folder to a layer in tests/module-order/layers.ts`);

  for (const { from, to } of edges) {
    for (const rule of AREA_RULES)
      if (from.startsWith(rule.from) && to.startsWith(rule.to))
        problems.push(`${from} imports ${to}: ${rule.from} must not import ${rule.to}. Fix: ${rule.fix}`);

    const a = moduleOf(from, modules);
    const b = moduleOf(to, modules);
    if (!a || !b || a === b) continue;
    const head = `${from} imports ${to}: ${a.name} (${a.layer}) → ${b.name} (${b.layer})`;
    if (rank(b.layer) > rank(a.layer))
      problems.push(
        `${head} goes up a layer. Fix: move what ${a.name} needs down into ${a.name} or a ${a.layer} module below it, ` +
          `or emit an event from ${a.name} (src/server/events.ts) and subscribe to it in ${b.name}`,
      );
    else if (b.layer === a.layer && a.layer !== 'composition' && !(a.uses ?? []).includes(b.name))
      problems.push(
        `${head} is not a listed edge of the ${a.layer} layer. Fix: emit an event from ${a.name} (src/server/events.ts) and ` +
          `subscribe in ${b.name}, or, if ${b.name} sits below ${a.name}, add '${b.name}' to ${a.name}.uses in tests/module-order/layers.ts`,
      );
  }

  // Cycles between modules (a listed `uses` loop would pass the edge rule, so the graph itself is checked).
  const modEdges = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = moduleOf(from, modules);
    const b = moduleOf(to, modules);
    if (a && b && a !== b) {
      const set = modEdges.get(a.name) ?? new Set();
      set.add(b.name);
      modEdges.set(a.name, set);
    }
  }
  const modNext = (n: string) => modEdges.get(n) ?? [];
  for (const comp of cycles(modEdges.keys(), modNext))
    problems.push(
      `module cycle: ${loopThrough(comp, modNext).join(' → ')}. Fix: move the shared piece down a layer, or turn one direction into an event`,
    );

  // Cycles between files, anywhere in the tree.
  const fileEdges = new Map<string, string[]>();
  for (const { from, to } of edges) fileEdges.set(from, [...(fileEdges.get(from) ?? []), to]);
  const fileNext = (n: string) => fileEdges.get(n) ?? [];
  for (const comp of cycles(fileEdges.keys(), fileNext))
    problems.push(`file cycle: ${loopThrough(comp, fileNext).join(' → ')}. Fix: move what both need into a third file that both import`);

  return problems;
}

/** The tree as the test sees it: every file under the given roots, code files with their text. */
export function readTree(root: string, dirs: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const rel = relative(root, full).split('\\').join('/');
        files.set(rel, CODE.test(rel) ? readFileSync(full, 'utf8') : '');
      }
    }
  };
  for (const d of dirs) walk(join(root, d));
  return files;
}
