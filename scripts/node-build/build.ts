// The application bundled as plain JavaScript for the test run's child processes (docs/decisions.md "Test
// children run a plain-JS build"): tsx's loader hooks cost a process about three times node's CPU, each
// `import.meta.url` keeps its source file's URL, and a build is reused while its inputs' hashes match.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import * as esbuild from 'esbuild'

const BUILDS = path.join('.build', 'node')
const CURRENT = 'current'
const MANIFEST = 'manifest.json'
/** Builds kept besides the current one (another run in this worktree may still use one). */
const KEEP = 3
const SELF = fileURLToPath(import.meta.url)
/** Inputs esbuild does not list as modules but which shape the output. */
const SETTINGS_FILES = ['tsconfig.json', 'package.json']

interface Manifest {
  /** esbuild's version and the project root (the URLs written into the output name it). */
  salt: string
  entries: string[]
  /** Project-relative path → sha256 of its contents. */
  inputs: Record<string, string>
}

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex')

const saltOf = (root: string) => `esbuild ${esbuild.version}, builder ${sha(SELF)}, root ${root}`

/** The entry's file in a build: `src/server.ts` → `<dir>/src/server.js`. */
export const builtFile = (dir: string, entry: string) => path.join(dir, entry.replace(/\.[cm]?tsx?$/, '.js'))

/** Each module's `import.meta.url` becomes its source file's URL (see the top of this file). */
const sourceUrls: esbuild.Plugin = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8')
      // import.meta.dirname, .resolve and the like would point into the build: refused here, so
      // the run says so and its children run under tsx rather than resolve a wrong path.
      const other = /import\.meta\.(?!url\b)\w+/.exec(text)
      if (other)
        return { errors: [{ text: `${other[0]} is not supported by scripts/node-build (only import.meta.url)` }] }
      const loader = (path.extname(args.path).replace(/^\.[cm]?/, '') || 'js') as esbuild.Loader
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader }
    })
  },
}

function readManifest(dir: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest
  } catch {
    return undefined
  }
}

/** The manifest still describes the sources: same salt, entries, and every input unchanged. */
function isCurrent(root: string, manifest: Manifest | undefined, entries: string[]): boolean {
  if (!manifest || manifest.salt !== saltOf(root) || manifest.entries.join('\n') !== entries.join('\n')) return false
  return Object.entries(manifest.inputs).every(([file, hash]) => {
    try {
      return sha(path.join(root, file)) === hash
    } catch {
      return false
    }
  })
}

function prune(builds: string, keep: string) {
  const others = fs
    .readdirSync(builds, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== keep)
    .map((entry) => ({ name: entry.name, mtime: fs.statSync(path.join(builds, entry.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
  // Unfinished builds of a process that died stay an hour at most.
  const stale = others.filter((other, index) =>
    other.name.startsWith('tmp-') ? Date.now() - other.mtime > 3_600_000 : index >= KEEP,
  )
  for (const { name } of stale) fs.rmSync(path.join(builds, name), { recursive: true, force: true })
}

/**
 * The current build of `entries` (project-relative .ts paths) under `root`, made now unless
 * one is there: its folder, and whether it was made now. Throws when esbuild refuses.
 */
export async function buildForNode(root: string, entries: string[]): Promise<{ dir: string; built: boolean }> {
  const builds = path.join(root, BUILDS)
  fs.mkdirSync(builds, { recursive: true })
  const pointer = path.join(builds, CURRENT)
  const current = fs.existsSync(pointer) ? path.join(builds, fs.readFileSync(pointer, 'utf8').trim()) : undefined
  if (current && isCurrent(root, readManifest(current), entries)) {
    fs.utimesSync(current, new Date(), new Date())
    return { dir: current, built: false }
  }

  const tmp = fs.mkdtempSync(path.join(builds, 'tmp-'))
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: entries,
      outbase: root,
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node.split('.')[0]}`,
      // Imports of node_modules stay imports, resolved from the project as under tsx.
      packages: 'external',
      // Names as written: bundling renames clashing top-level names otherwise (Error subclasses,
      // functions whose name a log or a check reads).
      keepNames: true,
      // For `node --enable-source-maps` when a stack must name the sources.
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'silent',
      plugins: [sourceUrls],
    })
    const inputs: Record<string, string> = {}
    for (const file of [...Object.keys(result.metafile.inputs), ...SETTINGS_FILES].sort())
      inputs[file] = sha(path.join(root, file))
    const manifest: Manifest = { salt: saltOf(root), entries, inputs }
    fs.writeFileSync(path.join(tmp, MANIFEST), JSON.stringify(manifest, null, 1))
    const key = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 16)
    const dir = path.join(builds, key)
    // Another run may have made the same build meanwhile: then its copy stays.
    if (fs.existsSync(dir)) fs.rmSync(tmp, { recursive: true, force: true })
    else fs.renameSync(tmp, dir)
    const next = `${pointer}.${process.pid}`
    fs.writeFileSync(next, key)
    fs.renameSync(next, pointer)
    prune(builds, key)
    return { dir, built: true }
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true })
    throw error
  } finally {
    // esbuild's service process is not needed once built (jest's own process would keep it).
    await esbuild.stop()
  }
}
