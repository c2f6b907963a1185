// The floors of the house (docs/decisions.md "Each floor imports only the floors below"):
// domain/ (the platform's vocabulary) at the bottom, src/lib on it, then hooks, access and
// the operations, then the collections and the endpoints. A floor reads only the floors
// below it, so each rule below names what a folder may not reach; and no file of ours is
// part of an import circle. Every import form counts: static and type-only imports,
// re-exports, dynamic `import()`, `require()` and `import('…').Type` in a type. Read with
// TypeScript's own parser.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from '@jest/globals'
import ts from 'typescript'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const LIBRARY = path.join(ROOT, 'src', 'lib')
const ABOVE = [
  'endpoints',
  'src/operations',
  'collections',
  'hooks',
  'access',
  'src/migrations',
  'src/admin',
  'src/plugin',
]

/** Every module specifier the source names, in any import form. */
function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found: string[] = []
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text)
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier)
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      literal(node.moduleReference.expression)
    else if (ts.isCallExpression(node)) {
      const callee = node.expression
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require'))
        literal(node.arguments[0])
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(c|m)?[jt]sx?$/.test(entry.name) ? [full] : []
  })

/** The folder above src/lib that a specifier reaches, if any (relative specifiers only: packages are not ours). */
function reachesUp(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const target = path
    .relative(ROOT, path.resolve(path.dirname(file), specifier))
    .split(path.sep)
    .join('/')
  return ABOVE.find((folder) => target === folder || target.startsWith(`${folder}/`))
}

describe('src/lib imports nothing above it', () => {
  it('reads every import form', () => {
    const text = `
      import { a } from './static'
      import type { B } from '../type-only'
      import './side-effect'
      export { c } from './re-export'
      export * from './star'
      import d = require('./import-equals')
      const e = await import('./dynamic')
      const f = require('./required')
      let g: import('./type-position').G
      const h = 'not-an-import'
    `
    expect(importSpecifiers('sample.ts', text)).toEqual([
      './static',
      '../type-only',
      './side-effect',
      './re-export',
      './star',
      './import-equals',
      './dynamic',
      './required',
      './type-position',
    ])
  })

  it('tells a reach upwards from an import within the library', () => {
    const file = path.join(LIBRARY, 'http', 'guards.ts')
    expect(reachesUp(file, '../../../access/permissions')).toBe('access')
    expect(reachesUp(file, '../../operations/notifications/notify')).toBe('src/operations')
    expect(reachesUp(file, '../../../endpoints/openapi')).toBe('endpoints')
    expect(reachesUp(file, '../../../collections/Users')).toBe('collections')
    expect(reachesUp(file, '../../../hooks/shared/audit')).toBe('hooks')
    expect(reachesUp(file, '../../migrations/index')).toBe('src/migrations')
    expect(reachesUp(file, '../../admin/i18n/index')).toBe('src/admin')
    expect(reachesUp(file, './errors')).toBeUndefined()
    expect(reachesUp(file, '../../../domain/error-codes')).toBeUndefined()
    expect(reachesUp(file, '../../../domain/permissions')).toBeUndefined()
    expect(reachesUp(file, '../../../accessories')).toBeUndefined()
    expect(reachesUp(file, 'payload')).toBeUndefined()
  })

  it('holds for every file under src/lib', () => {
    const files = sourceFiles(LIBRARY)
    expect(files.length).toBeGreaterThan(50)
    const offences = files.flatMap((file) =>
      importSpecifiers(file, readFileSync(file, 'utf8'))
        .filter((specifier) => reachesUp(file, specifier))
        .map((specifier) => `${path.relative(ROOT, file)} imports ${specifier}`),
    )
    expect(offences).toEqual([])
  })
})

/** A relative specifier's target, as a path from the root without extension (packages: undefined). */
function targetOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  return path
    .relative(ROOT, path.resolve(path.dirname(file), specifier))
    .split(path.sep)
    .join('/')
}

const within = (target: string, folder: string) => target === folder || target.startsWith(`${folder}/`)

/** Folder → the folders its files may not import from (relative imports; packages are free). */
const FORBIDDEN: Record<string, readonly string[]> = {
  access: ['src/operations', 'collections', 'endpoints'],
  collections: ['endpoints'],
  'src/admin': ['collections', 'endpoints'],
  scripts: ['bench'],
  hooks: ['src/operations', 'collections', 'endpoints'],
  'src/operations': ['collections', 'access', 'endpoints'],
}

/**
 * Whether `file` may not import `specifier`: a domain file reaching outside domain/, or a forbidden folder.
 */
function wrongImport(file: string, specifier: string): boolean {
  const target = targetOf(file, specifier)
  if (target === undefined) return false
  const from = path.relative(ROOT, file).split(path.sep).join('/')
  if (within(from, 'domain')) return !within(target, 'domain')
  const forbidden = Object.entries(FORBIDDEN).find(([folder]) => within(from, folder))?.[1] ?? []
  return forbidden.some((folder) => within(target, folder))
}

describe('the floors above src/lib', () => {
  it('tells each rule from an allowed import', () => {
    const at = (...parts: string[]) => path.join(ROOT, ...parts)
    const probe = wrongImport
    expect(probe(at('domain', 'content-types.ts'), './permissions')).toBe(false)
    expect(probe(at('domain', 'services.ts'), '../src/lib/prepared')).toBe(true)
    expect(probe(at('domain', 'services.ts'), 'payload')).toBe(false)
    expect(probe(at('domain', 'content-types.ts'), '../access/isAdmin')).toBe(true)
    expect(probe(at('domain', 'content-types.ts'), '../src/operations/moderation/moderate')).toBe(true)
    expect(probe(at('domain', 'content-types.ts'), '../collections/Classifieds')).toBe(true)
    expect(probe(at('access', 'community.ts'), '../src/operations/moderation/moderate')).toBe(true)
    expect(probe(at('access', 'community.ts'), '../domain/content-types')).toBe(false)
    expect(probe(at('hooks', 'community', 'guardChange.ts'), '../../src/operations/community/approve')).toBe(true)
    expect(probe(at('src', 'operations', 'community', 'approve.ts'), '../../../collections/Classifieds')).toBe(true)
    expect(probe(at('src', 'operations', 'community', 'approve.ts'), '../../../access/permissions')).toBe(true)
    expect(probe(at('src', 'operations', 'community', 'approve.ts'), '../../../domain/limits')).toBe(false)
    expect(probe(at('src', 'operations', 'community', 'approve.ts'), '../../../hooks/shared/audit')).toBe(false)
    expect(probe(at('collections', 'Classifieds.ts'), '../src/operations/community/approve')).toBe(false)
    expect(probe(at('collections', 'hardening.ts'), '../endpoints/openapi')).toBe(true)
    expect(probe(at('src', 'admin', 'WorkQueue.tsx'), '../../collections/Users/index')).toBe(true)
    expect(probe(at('scripts', 'seed.ts'), '../bench/harness')).toBe(true)
  })

  it('hold for every file of domain/, access/, hooks/, src/operations/, collections/, src/admin/ and scripts/', () => {
    const files = ['domain', 'access', 'hooks', 'src/operations', 'collections', 'src/admin', 'scripts'].flatMap(
      (folder) => sourceFiles(path.join(ROOT, folder)),
    )
    expect(files.length).toBeGreaterThan(100)
    const offences = files.flatMap((file) =>
      importSpecifiers(file, readFileSync(file, 'utf8'))
        .filter((specifier) => wrongImport(file, specifier))
        .map((specifier) => `${path.relative(ROOT, file)} imports ${specifier}`),
    )
    expect(offences).toEqual([])
  })
})

// Our code: everything the server, the panel, the scripts and the benches are built from.
const OUR_FOLDERS = ['access', 'bench', 'collections', 'domain', 'endpoints', 'hooks', 'scripts', 'src']
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx']

/** The file a relative specifier names, if it is one of ours. */
function resolveFile(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = path.resolve(path.dirname(file), specifier)
  for (const candidate of [base, ...EXTENSIONS.map((extension) => base + extension)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  // A `.js` specifier naming a `.ts` file (ESM style).
  const typed = base.replace(/\.js$/, '.ts')
  return typed !== base && existsSync(typed) ? typed : undefined
}

/**
 * Every circle of the graph (Tarjan's strongly connected components of more than one file, or a file importing itself).
 */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const connect = (node: string) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) connect(node)
  return found
}

describe('no import circle among our files', () => {
  it('finds a circle and only a circle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['e']],
    ])
    expect(circles(graph)).toEqual([['a', 'b', 'c'], ['e']])
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([])
  })

  it('holds for every file of ours', () => {
    const files = [
      ...OUR_FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))),
      path.join(ROOT, 'payload.config.ts'),
    ]
    expect(files.length).toBeGreaterThan(300)
    const graph = new Map(
      files.map((file) => [
        path.relative(ROOT, file),
        importSpecifiers(file, readFileSync(file, 'utf8')).flatMap((specifier) => {
          const target = resolveFile(file, specifier)
          return target ? [path.relative(ROOT, target)] : []
        }),
      ]),
    )
    expect(circles(graph)).toEqual([])
  })
})

/** Folders below the shell (src/app.ts and src/lib's express middleware): they know Payload's requests only. */
const BELOW_THE_SHELL = ['domain', 'access', 'hooks', 'src/operations', 'collections', 'endpoints']

/** Whether a module specifier names express or one of its types' packages. */
const isExpress = (specifier: string) => /^(express|@types\/express)(\/|$)/.test(specifier)

describe('express stays in the shell', () => {
  it('tells express from other packages', () => {
    expect(isExpress('express')).toBe(true)
    expect(isExpress('express/lib/router')).toBe(true)
    expect(isExpress('express-rate-limit')).toBe(false)
    expect(isExpress('payload')).toBe(false)
  })

  it('no file of the operations, endpoints, collections, hooks, access or domain imports express', () => {
    const files = BELOW_THE_SHELL.flatMap((folder) => sourceFiles(path.join(ROOT, folder)))
    expect(files.length).toBeGreaterThan(150)
    const offences = files.flatMap((file) =>
      importSpecifiers(file, readFileSync(file, 'utf8'))
        .filter(isExpress)
        .map((specifier) => `${path.relative(ROOT, file)} imports ${specifier}`),
    )
    expect(offences).toEqual([])
  })
})
