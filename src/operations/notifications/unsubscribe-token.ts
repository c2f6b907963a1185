// One-click unsubscribe (docs/api.md "Notification settings"): a token names one member and one
// type and is an HMAC-SHA-256 of both under a key derived from the server's secret, so nobody
// can make one for another member or type, and nothing needs storing.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

import { isNotificationType, type NotificationType } from '../../../domain/notification-types'
import { settings } from '../../lib/settings'

const keys = new Map<string, Buffer>()

function keyFor(secret: string): Buffer {
  let key = keys.get(secret)
  if (!key) {
    // The info string keeps this key apart from anything else derived from the secret.
    key = Buffer.from(hkdfSync('sha256', secret, 'community-platform', 'notifications/unsubscribe/v1', 32))
    keys.set(secret, key)
  }
  return key
}

const macOf = (secret: string, userId: string, type: string) =>
  createHmac('sha256', keyFor(secret)).update(`${userId}\n${type}`).digest()

export function unsubscribeToken(secret: string, userId: string, type: NotificationType): string {
  return `${userId}.${type}.${macOf(secret, userId, type).toString('base64url')}`
}

/** The member and type a token was signed for, or null for anything else. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; type: NotificationType } | null {
  const [userId, type, mac, extra] = token.split('.')
  if (!userId || !type || !mac || extra !== undefined) return null
  if (!/^[0-9a-f-]{36}$/i.test(userId) || !isNotificationType(type)) return null
  const given = Buffer.from(mac, 'base64url')
  const expected = macOf(secret, userId, type)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return { userId, type }
}

export function unsubscribeUrl(secret: string, userId: string, type: NotificationType): string {
  const url = new URL(`${settings().publicUrl}/api/profile/unsubscribe`)
  url.searchParams.set('token', unsubscribeToken(secret, userId, type))
  return url.toString()
}

/** The RFC 8058 headers of a mail about `type` to `userId`. */
export function unsubscribeHeaders(secret: string, userId: string, type: NotificationType): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(secret, userId, type)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}
