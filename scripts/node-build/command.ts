// How a child process runs one of the project's programs (src/server.ts, scripts/seed.ts, …):
// from the plain-JavaScript build a test run made (scripts/node-build/build.ts; jest's
// globalSetup names it in NODE_BUILD_ENV), else under tsx, as `npm start` and `npm run …` do.
// Without a build (an operator's `npm run cluster`, `npm run bench`) tsx is simply the way; in
// a run that has one, a program the build cannot serve says so once, on stderr, and runs
// under tsx (a new entry not yet in the build's list, or another copy of the project).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { builtFile } from './build'

/** The folder of the run's build (set by tests/helpers/global-setup.js). */
export const NODE_BUILD_ENV = 'COMMUNITY_NODE_BUILD'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const noted = new Set<string>()

/**
 * node's arguments that run `entry` (a path from `cwd`, or absolute) in `cwd`: `[file]` or `['--import', 'tsx',
 * entry]`.
 */
export function nodeArgs(entry: string, cwd = ROOT): string[] {
  const build = process.env[NODE_BUILD_ENV]
  if (!build) return ['--import', 'tsx', entry]
  const source = path.resolve(cwd, entry)
  const inProject = !path.relative(ROOT, source).startsWith('..')
  const built = inProject ? builtFile(build, path.relative(ROOT, source)) : undefined
  if (built && fs.existsSync(built)) return [built]
  const why = inProject
    ? `not in the run's plain-JS build (${build}): add it to the entries in tests/helpers/global-setup.js`
    : 'outside this project (another copy of it)'
  if (!noted.has(source)) console.warn(`[node-build] ${source} runs under tsx: ${why}`)
  noted.add(source)
  return ['--import', 'tsx', entry]
}
