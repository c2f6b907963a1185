import path from 'node:path'

/** Where local state lives (embedded database, dev secret): `.data/` unless DATA_DIR says otherwise. */
export function dataDir(): string {
  // turbopackIgnore: a folder chosen at run time, not a file for `next build` to trace.
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || '.data')
}
