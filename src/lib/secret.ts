// PAYLOAD_SECRET signs Payload's own tokens and our cookie cache. A newcomer should not have
// to invent one, so in development it is generated once and kept beside the embedded
// database; in production a missing secret is a configuration error worth stopping for.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { dataDir, ensurePrivateDir } from './data-dir'

export function payloadSecret(): string {
  const fromEnv = process.env.PAYLOAD_SECRET
  if (fromEnv) return fromEnv
  // `next build` loads the config to collect page data; nothing it builds keeps the secret
  // (the server loads the config again at run time, where the rule below applies).
  if (process.env.NEXT_PHASE === 'phase-production-build') return 'build-time-placeholder-never-used-to-sign'
  if (process.env.NODE_ENV === 'production') {
    throw new Error(
      'PAYLOAD_SECRET is not set. In production it is required: set it to a long random string (for example `openssl rand -hex 32`).',
    )
  }
  const file = path.join(dataDir(), 'payload-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    ensurePrivateDir(path.dirname(file))
    const secret = randomBytes(32).toString('hex')
    // 'wx' fails if another process wrote it first; then theirs is the one to use.
    try {
      fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 })
      return secret
    } catch {
      return fs.readFileSync(file, 'utf8').trim()
    }
  }
}
