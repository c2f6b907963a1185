import path from 'node:path'

/** Where local state lives (embedded database, dev secret): `.data/` unless DATA_DIR says otherwise. */
export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || '.data')
}
