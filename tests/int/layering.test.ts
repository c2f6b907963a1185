// The library stays below the application (issue 19, decision 70): no file under src/lib
// imports from the endpoints, the operations, the collections, their hooks or the access
// rules. Every import form counts: static and type-only imports, re-exports, dynamic
// `import()`, `require()` and `import('…').Type` in a type. Read with TypeScript's own parser.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from '@jest/globals'
import ts from 'typescript'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const LIBRARY = path.join(ROOT, 'src', 'lib')
const ABOVE = ['endpoints', 'src/operations', 'collections', 'hooks', 'access']

/** Every module specifier the source names, in any import form. */
function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text)
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier)
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) literal(node.moduleReference.expression)
    else if (ts.isCallExpression(node)) {
      const callee = node.expression
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) literal(node.arguments[0])
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
  const target = path.relative(ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep).join('/')
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
    expect(reachesUp(file, './errors')).toBeUndefined()
    expect(reachesUp(file, '../../migrations/index')).toBeUndefined()
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
