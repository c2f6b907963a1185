// Sign-up screening's vocabulary (docs/moderation.md "6. Sign-up screening"): what an entry matches and
// how its value is written down, so the admin route, the panel and the sign-up check read one rule.
import { isIP } from 'node:net'

export const SCREENING_COLLECTION = 'signup-screening'
export const SCREENING_KINDS = ['email_domain', 'email', 'ip'] as const
export const SCREENING_EFFECTS = ['block', 'require_approval'] as const
export type ScreeningKind = (typeof SCREENING_KINDS)[number]
export type ScreeningEffect = (typeof SCREENING_EFFECTS)[number]

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/** An email as screening compares it: trimmed, lower-cased, without a `+tag` in its local part. */
export function screeningEmail(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 0) return address
  const local = address.slice(0, at)
  const plus = local.indexOf('+')
  return `${plus >= 0 ? local.slice(0, plus) : local}${address.slice(at)}`
}

/** An IP as PostgreSQL's inet reads it, or null (an IPv4-mapped IPv6 address as its IPv4 form). */
export function screeningIp(ip: string | null | undefined): string | null {
  if (!ip) return null
  const text = ip.trim().toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  const address = mapped ? mapped[1]! : text
  return isIP(address) ? address : null
}

/** The value as stored, or why it is not one of `kind`. */
export function normalizeScreeningValue(kind: ScreeningKind, value: string): { value: string } | { problem: string } {
  const text = value.trim().toLowerCase()
  if (kind === 'email_domain') {
    const domain = text.replace(/^\*?\.|^@/, '')
    const labels = domain.split('.')
    if (domain.length > 253 || !labels.every((label) => LABEL.test(label)))
      return { problem: 'value must be a domain name such as example.com (its subdomains match too)' }
    return { value: domain }
  }
  if (kind === 'email') {
    const email = screeningEmail(text)
    const at = email.indexOf('@')
    const domain = normalizeScreeningValue('email_domain', email.slice(at + 1))
    if (at < 1 || at !== email.lastIndexOf('@') || 'problem' in domain)
      return { problem: 'value must be an email address' }
    return { value: email }
  }
  const [address = '', prefix, ...rest] = text.split('/')
  const version = isIP(address)
  const bits = version === 4 ? 32 : 128
  const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits)
  if (!version || rest.length > 0 || !validPrefix)
    return { problem: 'value must be an IPv4 or IPv6 address, or a CIDR block such as 203.0.113.0/24 or 2001:db8::/32' }
  return { value: prefix === undefined ? address : `${address}/${Number(prefix)}` }
}
