import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../routes.ts';

/**
 * Each page loads the shell stylesheet (from root) and the stylesheets of its own routes (their `links`), besides the
 * CSS its components import. These tests keep that in step with the class names the components use.
 */

const APP_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const STYLES_DIR = path.join(APP_DIR, 'styles');
const ROOT_MODULE = path.join(APP_DIR, 'root.tsx');
const SHELL_STYLESHEET = path.join(STYLES_DIR, 'shell.css');

const read = (file: string) => fs.readFileSync(file, 'utf8');
const relative = (file: string) => path.relative(APP_DIR, file);

function filesUnder(dir: string, extension: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const file = path.join(dir, name);
    return name.endsWith(extension) && fs.statSync(file).isFile() ? [file] : [];
  });
}

/** The class names in the selectors of a stylesheet (declarations and at-rule preludes are skipped). */
function definedClasses(css: string): Set<string> {
  const classes = new Set<string>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let prelude = '';
  for (const char of text) {
    if (char === '{') {
      if (!prelude.trim().startsWith('@')) {
        for (const match of prelude.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) classes.add(match[1] as string);
      }
      prelude = '';
    } else if (char === '}' || char === ';') {
      prelude = '';
    } else {
      prelude += char;
    }
  }
  return classes;
}

interface Imports {
  modules: string[];
  /** Stylesheets imported for their URL (`?url`), by binding name. */
  stylesheetUrls: Map<string, string>;
  /** Stylesheets imported for their effect, which the bundler adds to the route's CSS. */
  stylesheets: string[];
}

function importsOf(file: string): Imports {
  const source = read(file);
  const imports: Imports = { modules: [], stylesheetUrls: new Map(), stylesheets: [] };
  for (const match of source.matchAll(/^import\s+(type\s+)?(?:([\w{}\s,*]+?)\s+from\s+)?'(\.[^']+)';/gm)) {
    const [, typeOnly, binding, specifier] = match as unknown as [
      string,
      string | undefined,
      string | undefined,
      string,
    ];
    if (typeOnly) continue;
    const [target, query] = specifier.split('?') as [string, string | undefined];
    const resolved = path.resolve(path.dirname(file), target);
    if (resolved.endsWith('.css')) {
      if (query === 'url' && binding) imports.stylesheetUrls.set(binding.trim(), resolved);
      else imports.stylesheets.push(resolved);
    } else if (/\.tsx?$/.test(resolved)) {
      imports.modules.push(resolved);
    }
  }
  return imports;
}

/** The modules a module pulls in, itself included. */
function reachableModules(start: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of importsOf(file).modules) visit(next);
  };
  visit(start);
  return [...seen];
}

/** The string literals of a JavaScript expression, with the parts of templates that lead into a `${}`. */
function stringParts(expression: string): { words: string[]; prefixes: string[] } {
  const words: string[] = [];
  const prefixes: string[] = [];
  const addStatic = (text: string, leadsIntoExpression: boolean) => {
    const tokens = text.split(/\s+/);
    const last = leadsIntoExpression && !/\s$/.test(text) ? tokens.pop() : undefined;
    words.push(...tokens.filter(Boolean));
    if (last) prefixes.push(last);
  };
  let index = 0;
  const scanTemplate = () => {
    let text = '';
    while (index < expression.length && expression[index] !== '`') {
      if (expression.startsWith('${', index)) {
        addStatic(text, true);
        text = '';
        index += 2;
        let depth = 1;
        const start = index;
        while (index < expression.length && depth > 0) {
          if (expression[index] === '{') depth++;
          if (expression[index] === '}') depth--;
          index++;
        }
        const inner = stringParts(expression.slice(start, index - 1));
        words.push(...inner.words);
        prefixes.push(...inner.prefixes);
      } else {
        text += expression[index++];
      }
    }
    addStatic(text, false);
    index++;
  };
  while (index < expression.length) {
    const char = expression[index++];
    if (char === "'" || char === '"') {
      const end = expression.indexOf(char, index);
      addStatic(expression.slice(index, end), false);
      index = end + 1;
    } else if (char === '`') {
      scanTemplate();
    }
  }
  return { words, prefixes };
}

/** Class names a module sets: `className` attributes and `const …classes = …` expressions. */
function usedClasses(file: string): { words: string[]; prefixes: string[] } {
  const source = read(file);
  const expressions: string[] = [];
  for (const match of source.matchAll(/className=(?:"([^"]*)"|\{)/g)) {
    if (match[1] !== undefined) {
      expressions.push(`"${match[1]}"`);
      continue;
    }
    let depth = 1;
    let end = (match.index ?? 0) + match[0].length;
    const start = end;
    while (depth > 0 && end < source.length) {
      if (source[end] === '{') depth++;
      if (source[end] === '}') depth--;
      end++;
    }
    expressions.push(source.slice(start, end - 1));
  }
  for (const match of source.matchAll(/\b(?:const|let)\s+\w*[cC]lass(?:es|Name|Names)?\s*=([^;]+);/g)) {
    expressions.push(match[1] as string);
  }
  const words: string[] = [];
  const prefixes: string[] = [];
  for (const expression of expressions) {
    const parts = stringParts(expression);
    words.push(...parts.words);
    prefixes.push(...parts.prefixes);
  }
  return { words, prefixes };
}

interface RouteModule {
  file: string;
  /** The route modules from root down to this one. */
  chain: string[];
}

function routeModules(entries: RouteConfigEntry[], parents: string[]): RouteModule[] {
  return entries.flatMap((entry) => {
    const file = path.join(APP_DIR, entry.file);
    const chain = [...parents, file];
    return [{ file, chain }, ...routeModules(entry.children ?? [], chain)];
  });
}

const ROUTES: RouteModule[] = [{ file: ROOT_MODULE, chain: [ROOT_MODULE] }, ...routeModules(routes, [ROOT_MODULE])];
const STYLESHEETS = filesUnder(APP_DIR, '.css');
const CLASSES_BY_STYLESHEET = new Map(STYLESHEETS.map((file) => [file, definedClasses(read(file))]));
const ALL_CLASSES = new Set([...CLASSES_BY_STYLESHEET.values()].flatMap((classes) => [...classes]));

/** What a route module brings to the page: the stylesheets of its `links` and those its modules import. */
function stylesheetsOf(routeFile: string): string[] {
  const linked = [...importsOf(routeFile).stylesheetUrls.values()];
  const imported = reachableModules(routeFile).flatMap((file) => importsOf(file).stylesheets);
  return [...linked, ...imported];
}

describe('stylesheets', () => {
  it('are each loaded by root or a route module', () => {
    const loaded = new Set(ROUTES.flatMap((route) => [...importsOf(route.file).stylesheetUrls.values()]));
    const unused = filesUnder(STYLES_DIR, '.css').filter((file) => !loaded.has(file));
    expect(unused.map(relative)).toEqual([]);
  });

  it('root loads the shell stylesheet only', () => {
    expect(stylesheetsOf(ROOT_MODULE).map(relative)).toEqual([relative(SHELL_STYLESHEET)]);
  });

  it.each(ROUTES.map((route) => [relative(route.file), route] as const))(
    '%s links every stylesheet it imports for its URL',
    (_, route) => {
      const source = read(route.file);
      const links = source.slice(source.indexOf('export const links'));
      for (const binding of importsOf(route.file).stylesheetUrls.keys()) {
        expect(links, binding).toMatch(new RegExp(`href: ${binding}\\b`));
      }
    },
  );

  it.each(ROUTES.map((route) => [relative(route.file), route] as const))(
    '%s is styled by the stylesheets loaded with it',
    (_, route) => {
      const loaded = new Set(
        route.chain.flatMap(stylesheetsOf).flatMap((file) => [...(CLASSES_BY_STYLESHEET.get(file) ?? [])]),
      );
      const missing: string[] = [];
      for (const module of reachableModules(route.file)) {
        const { words, prefixes } = usedClasses(module);
        const wanted = [
          ...words.filter((word) => ALL_CLASSES.has(word)),
          ...prefixes.flatMap((prefix) => [...ALL_CLASSES].filter((name) => name.startsWith(prefix))),
        ];
        for (const name of wanted) if (!loaded.has(name)) missing.push(`${relative(module)}: .${name}`);
      }
      expect([...new Set(missing)]).toEqual([]);
    },
  );
});
