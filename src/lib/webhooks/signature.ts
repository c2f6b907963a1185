// Standard Webhooks signatures (github.com/standard-webhooks/standard-webhooks, spec
// "Signature scheme"): a secret is `whsec_` + base64 of random bytes; a signature is
// `v1,` + base64(HMAC-SHA256(secret bytes, "<webhook-id>.<webhook-timestamp>.<body>")); several
// signatures (a secret being rotated) are space-separated. The `standardwebhooks` package
// verifies them unmodified (tests/int/webhooks-*.test.ts).
import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'

/** 24 random bytes (docs/api.md "Webhooks (/api/admin/webhooks)"). */
export const newWebhookSecret = (): string => `${PREFIX}${randomBytes(24).toString('base64')}`

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64')
}

export function signatureHeader(secrets: string[], messageId: string, timestampSeconds: number, body: string): string {
  const content = `${messageId}.${timestampSeconds}.${body}`
  return secrets.map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(content).digest('base64')}`).join(' ')
}
