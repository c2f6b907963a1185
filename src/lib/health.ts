import type { Payload } from 'payload'

const TIMEOUT_MS = 2000

/** True when the database answers `SELECT 1` within two seconds. */
export async function databaseIsUp(payload: Payload): Promise<boolean> {
  const pool = payload.db.pool
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      pool.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database did not answer in time')), TIMEOUT_MS)
      }),
    ])
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
