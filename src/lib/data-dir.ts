import fs from 'node:fs'
import path from 'node:path'

/** Where local state lives (embedded database, dev secret): `.data/` unless DATA_DIR says otherwise. */
export function dataDir(): string {
  // turbopackIgnore: a folder chosen at run time, not a file for `next build` to trace.
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || '.data')
}

/**
 * Creates a state folder readable by its owner only (it holds secrets). One that exists is
 * left as its owner made it: the files with secrets are 0600 whatever the folder's mode.
 */
export function ensurePrivateDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new Error(
      `Cannot create ${dir} (${code ?? (error as Error).message}): set DATA_DIR to a folder this user may write.`,
    )
  }
}
