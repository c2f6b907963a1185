// The repository explains itself: comments and manuals name files that exist, sections of our own
// docs that exist, and nothing outside the repository (no outside contract, no decision or issue
// numbers, no run names). Reads the files with TypeScript's scanner; no Payload, no database.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from '@jest/globals'
import ts from 'typescript'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const CODE_FOLDERS = [
  'src',
  'endpoints',
  'collections',
  'access',
  'hooks',
  'domain',
  'scripts',
  'bench',
  'tests',
  'examples',
]
const ROOT_CODE = ['payload.config.ts', 'jest.config.js', 'next.config.mjs']
/** Folders that are no part of the repository: installed, built or written at run time. */
const SKIPPED = new Set(['node_modules', '.next', '.build', '.data', '.test-data', '.git'])
const RUN_TIME = ['media', 'bench/results']

/** What no comment, manual or string may name: documents outside the repository and numbers that only mean
 * something there. */
const OUTSIDE = [
  /API-CONTRACT/,
  /STACK-NOTES/,
  /\bARCHITECTURE\b/,
  /\bSPEC\b/,
  /\bdecisions? \d+/i,
  /\bissues? \d+/i,
  /\bci\d+\b/,
  /(?<!RFC \d{3,4} )§\d+(?![.\d])/,
]

/** Code lines (not comments) that still carry such a name: string literals a comment-only pass could not
 * change. Their owners remove them; an entry that no longer occurs fails below, so the list only shrinks. */
const PENDING_IN_CODE: Record<string, number> = {}

/** Names that look like files of ours and are not: a package's name. */
const NOT_FILES = ['ical.js']

/** This file's own examples of what it refuses. */
const SELF = 'tests/int/repository-references.test.ts'

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/')
const walk = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name)
        if (SKIPPED.has(entry.name) || RUN_TIME.includes(rel(full))) return []
        return entry.isDirectory() ? walk(full) : [full]
      })
    : []

const codeFiles = () =>
  [
    ...CODE_FOLDERS.flatMap((folder) => walk(path.join(ROOT, folder))),
    ...ROOT_CODE.map((name) => path.join(ROOT, name)),
  ]
    .filter((file) => /\.(c|m)?[jt]sx?$/.test(file) && existsSync(file))
    .map(rel)
const manuals = () => [
  'README.md',
  ...walk(path.join(ROOT, 'docs'))
    .map(rel)
    .filter((file) => file.endsWith('.md')),
]
const repositoryFiles = () =>
  new Set(
    [...CODE_FOLDERS, 'docs', '.ci']
      .flatMap((folder) => walk(path.join(ROOT, folder)).map(rel))
      .concat(
        readdirSync(ROOT, { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name),
      ),
  )

interface Comment {
  line: number
  text: string
  start: number
  end: number
}

/** The comments of a source file as TypeScript's parser sees them (not `//` in a string, a regular
 * expression or JSX text), each with its prefixes (`//`, ` * `) taken off; consecutive line comments are
 * one text, so a name broken over two lines is read whole. */
export function commentsOf(fileName: string, text: string): Comment[] {
  const kind = /\.tsx$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.(c|m)?js$/.test(fileName)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind)
  const ranges = new Map<number, ts.CommentRange>()
  const add = (found: ts.CommentRange[] | undefined) => {
    for (const range of found ?? []) ranges.set(range.pos, range)
  }
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.pos))
    add(ts.getTrailingCommentRanges(text, node.end))
    if (node.kind !== ts.SyntaxKind.JsxText) for (const child of node.getChildren(source)) visit(child)
  }
  visit(source)
  const found: Comment[] = []
  for (const range of [...ranges.values()].sort((a, b) => a.pos - b.pos)) {
    const raw = text.slice(range.pos, range.end)
    const single = range.kind === ts.SyntaxKind.SingleLineCommentTrivia
    const body = single
      ? raw.replace(/^\/\/+/, '')
      : raw
          .replace(/^\/\*\*?/, '')
          .replace(/\*\/$/, '')
          .split('\n')
          .map((line) => line.replace(/^\s*\* ?/, ''))
          .join('\n')
    const line = source.getLineAndCharacterOfPosition(range.pos).line + 1
    const previous = found.at(-1)
    if (previous && single && /^\n[ \t]*$/.test(text.slice(previous.end, range.pos))) {
      previous.text += '\n' + body
      previous.end = range.end
    } else found.push({ line, text: body, start: range.pos, end: range.end })
  }
  return found
}

/** The source with its comments cut out: what runs. */
const codeOf = (text: string, comments: Comment[]) => {
  let code = ''
  let last = 0
  for (const comment of comments) {
    code += text.slice(last, comment.start)
    last = comment.end
  }
  return code + text.slice(last)
}

/** Names of files and folders of the repository a text mentions: paths from the root and bare file names. */
export function namedPaths(text: string): string[] {
  const roots = [...CODE_FOLDERS, 'docs', '\\.ci'].join('|')
  const fromRoot = new RegExp(`(?<![\\w./@-])(?:${roots})/[\\w.*{},/-]*[\\w*}]`, 'g')
  // a bare name is lower case, as our files are (`Response.json` is a method)
  const bare = /(?<![\w./@<*-])[a-z0-9][\w-]*(?:\.[\w-]+)*\.(?:test\.ts|tsx?|mjs|cjs|js|md|json)\b(?![\w/-])/g
  // a path cut at a placeholder (`bench/results/<date>.json`) names no file
  const placeholder = (match: RegExpMatchArray) => /^\/?</.test(text.slice(match.index! + match[0].length))
  const names = [...text.matchAll(fromRoot)].filter((match) => !placeholder(match)).map((match) => match[0])
  const rooted = new Set(names.map((name) => name.split('/').at(-1)))
  for (const match of text.matchAll(bare)) if (!rooted.has(match[0]) && !placeholder(match)) names.push(match[0])
  return names.filter((name) => !NOT_FILES.includes(name) && !name.includes('**') && !/YYYY/.test(name))
}

/** Whether a named path exists: a file, a folder, a glob (`*`, `{a,b}`) or a bare name found anywhere. */
export function pathExists(name: string, files: Set<string>, from: string): boolean {
  const expanded = name.includes('{')
    ? (name.match(/\{([^}]*)\}/)?.[1] ?? '').split(',').map((choice) => name.replace(/\{[^}]*\}/, choice))
    : [name]
  const all = [...files]
  return expanded.every((candidate) => {
    if (candidate.includes('*')) {
      const pattern = new RegExp(`^${candidate.replace(/[.+?^$()[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(\\.tsx?)?$`)
      return all.some((file) => pattern.test(file))
    }
    if (!candidate.includes('/')) return all.some((file) => file === candidate || file.endsWith(`/${candidate}`))
    const trimmed = candidate.replace(/\/$/, '')
    if (RUN_TIME.some((folder) => trimmed === folder || trimmed.startsWith(`${folder}/`))) return true
    // a module may be named without its extension, and relative to the folder of the file that names it
    const here = path.posix.normalize(path.posix.join(path.posix.dirname(from), trimmed))
    return [trimmed, here].some(
      (base) =>
        ['', '.ts', '.tsx', '.test.ts', '.js'].some((extension) => files.has(base + extension)) ||
        all.some((file) => file.startsWith(`${base}/`)),
    )
  })
}

const headings = (file: string) =>
  new Set(
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => line.replace(/^#+ /, '').trim()),
  )

/** `docs/api.md "Section"` (or another manual) naming a heading that does not exist. */
export function missingSections(text: string, headingsOf: (file: string) => Set<string> | undefined): string[] {
  const named = /(?<![\w/])((?:docs\/)?[\w-]+\.md),? "([^"]+)"/g
  return [...text.replace(/\s*\n\s*/g, ' ').matchAll(named)].flatMap((match) => {
    const file = match[1]!.startsWith('docs/') || match[1] === 'README.md' ? match[1]! : `docs/${match[1]}`
    const known = headingsOf(file)
    return known && !known.has(match[2]!) ? [`${file} "${match[2]}"`] : []
  })
}

const parsed = new Map<string, { text: string; comments: Comment[] }>()
/** A file of the repository with its comments, parsed once for all the checks below. */
const read = (file: string) => {
  if (!parsed.has(file)) {
    const text = readFileSync(path.join(ROOT, file), 'utf8')
    parsed.set(file, { text, comments: commentsOf(file, text) })
  }
  return parsed.get(file)!
}

const outsideNames = (text: string) => OUTSIDE.flatMap((pattern) => text.match(new RegExp(pattern, 'g')) ?? [])

describe('the checks themselves', () => {
  it('read comments of every form, joined across lines, and not strings or regular expressions', () => {
    const text = `// one\n// two\nconst a = '// not a comment' /* three */\nconst b = /\\/\\/ no/\n/**\n * four\n */\nexport {}\n`
    const comments = commentsOf('sample.ts', text)
    expect(comments.map((comment) => comment.text.trim())).toEqual(['one\n two', 'three', 'four'])
    expect(codeOf(text, comments)).not.toMatch(/one|three|four/)
    expect(codeOf(text, comments)).toContain("'// not a comment'")
  })

  it('find named paths, bare names, globs and relative ones', () => {
    const files = new Set(['src/lib/a.ts', 'tests/int/x-one.test.ts', 'docs/api.md', 'src/lib/http/b.ts'])
    expect(namedPaths('see src/lib/a.ts and b.ts, tests/int/x-*.test.ts, docs/api.md "X"')).toEqual([
      'src/lib/a.ts',
      'tests/int/x-*.test.ts',
      'docs/api.md',
      'b.ts',
    ])
    expect(pathExists('src/lib/a.ts', files, 'src/app.ts')).toBe(true)
    expect(pathExists('src/lib/gone.ts', files, 'src/app.ts')).toBe(false)
    expect(pathExists('tests/int/x-*.test.ts', files, 'src/app.ts')).toBe(true)
    expect(pathExists('tests/int/y-*.test.ts', files, 'src/app.ts')).toBe(false)
    expect(pathExists('b.ts', files, 'src/app.ts')).toBe(true)
    expect(pathExists('booking-write.ts', files, 'src/app.ts')).toBe(false)
    expect(pathExists('http/b.ts', files, 'src/lib/a.ts')).toBe(true)
    expect(pathExists('src/lib/{a,c}.ts', files, 'x')).toBe(false)
  })

  it('find a section that is not a heading, and outside names', () => {
    const known = new Map([['docs/api.md', new Set(['Body size'])]])
    expect(missingSections('docs/api.md "Body size", docs/api.md\n"Caching"', (file) => known.get(file))).toEqual([
      'docs/api.md "Caching"',
    ])
    // The samples are joined from parts, so that no line of the repository names what the scan forbids.
    const [contract, decision, issue, run] = [
      ['API', 'CONTRACT'],
      ['decision', '12'],
      ['issue', '3'],
      ['ci', '44'],
    ].map((parts) => parts.join(parts[0] === 'API' ? '-' : parts[0] === 'ci' ? '' : ' '))
    expect(outsideNames(`${contract} §9, ${decision}, ${issue}, ${run}, RFC 5545 §3.1, §3.8.1`)).toEqual([
      contract,
      decision,
      issue,
      run,
      '§9',
    ])
  })
})

describe('the repository names only what it holds', () => {
  const files = repositoryFiles()
  const known = new Map<string, Set<string> | undefined>()
  const headingsOf = (file: string) => {
    if (!known.has(file)) known.set(file, files.has(file) ? headings(file) : undefined)
    return known.get(file)
  }
  const sources = codeFiles().filter((file) => file !== SELF)

  it('no comment names something outside the repository', () => {
    expect(sources.length).toBeGreaterThan(300)
    const offences = sources.flatMap((file) =>
      read(file).comments.flatMap((comment) =>
        outsideNames(comment.text).map((name) => `${file}:${comment.line}: ${name}`),
      ),
    )
    expect(offences).toEqual([])
  })

  it('no manual names something outside the repository', () => {
    const offences = manuals()
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            // bench output between markers is rewritten by the next `npm run bench`
            outsideNames(line).map((name) => `${file}:${index + 1}: ${name}`),
          ),
      )
      .filter((offence) => !offence.startsWith('docs/performance.md'))
    expect(offences).toEqual([])
  })

  it('code lines carry no more such names than the pending list, and the list is current', () => {
    const counts: Record<string, number> = {}
    for (const file of sources) {
      const { text, comments } = read(file)
      const found = outsideNames(codeOf(text, comments)).length
      if (found) counts[file] = found
    }
    expect(counts).toEqual(PENDING_IN_CODE)
  })

  it('every file a comment or a manual names exists', () => {
    const texts = [
      ...sources.flatMap((file) =>
        read(file).comments.map((comment) => ({ file, line: comment.line, text: comment.text })),
      ),
      ...manuals().map((file) => ({ file, line: 1, text: readFileSync(path.join(ROOT, file), 'utf8') })),
    ]
    const dangling = texts.flatMap(({ file, line, text }) =>
      namedPaths(text)
        .filter((name) => !pathExists(name, files, file))
        .map((name) => `${file}:${line}: ${name}`),
    )
    expect(dangling).toEqual([])
  })

  it('every section of our manuals a comment or a manual names is a heading there', () => {
    const texts = [
      ...sources.flatMap((file) =>
        read(file).comments.map((comment) => ({ file, line: comment.line, text: comment.text })),
      ),
      ...manuals().map((file) => ({ file, line: 1, text: readFileSync(path.join(ROOT, file), 'utf8') })),
    ]
    const missing = texts.flatMap(({ file, line, text }) =>
      missingSections(text, headingsOf).map((name) => `${file}:${line}: ${name}`),
    )
    expect(missing).toEqual([])
  })
})
