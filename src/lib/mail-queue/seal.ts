// A queued mail waits in the database (payload_jobs) until SMTP takes it, and a verification
// or reset mail carries its token in clear: stored as is, it would be a usable token at rest,
// which the token tables take care never to keep (only SHA-256 hashes). So the job's input is
// sealed: AES-256-GCM under a key derived (HKDF-SHA-256) from Payload's secret, a fresh
// 96-bit IV per mail. Tampering or another secret makes `unseal` throw instead of sending.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

const keys = new Map<string, Buffer>()

function keyFor(secret: string): Buffer {
  let key = keys.get(secret)
  if (!key) {
    // The info string keeps this key apart from anything else ever derived from the secret.
    key = Buffer.from(hkdfSync('sha256', secret, 'community-platform', 'mail-queue/sealed-input/v1', 32))
    keys.set(secret, key)
  }
  return key
}

export function seal(secret: string, value: unknown): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
}

export function unseal<T>(secret: string, sealed: string): T {
  const [version, payload] = sealed.split('.')
  if (version !== VERSION || !payload) throw new Error('sealed mail: unknown format')
  const bytes = Buffer.from(payload, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), bytes.subarray(0, IV_BYTES))
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
  const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
  return JSON.parse(text) as T
}
