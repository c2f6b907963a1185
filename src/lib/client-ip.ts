// Client IP for logs, audit entries and rate limits (docs/api.md "Conventions of every route"):
// the first present of x-real-ip, x-forwarded-for (its first entry), cf-connecting-ip,
// otherwise null. With TRUST_PROXY=false those headers are ignored (a server not behind a
// proxy that overwrites them would otherwise let clients pick their own rate-limit key).
type HeaderValue = string | string[] | undefined | null

/** Set by the express shell on every request (an incoming copy is dropped first). */
export const CLIENT_IP_HEADER = 'x-community-client-ip'
/** The rate-limit key when no client-IP header is present: the socket's address. */
export const SOCKET_IP_HEADER = 'x-community-socket-ip'

function first(value: HeaderValue): string | undefined {
  const text = Array.isArray(value) ? value[0] : value
  const trimmed = text?.split(',')[0]?.trim()
  return trimmed ? trimmed : undefined
}

export function clientIpFrom(get: (name: string) => HeaderValue, trustProxy: boolean): string | null {
  if (!trustProxy) return null
  return first(get('x-real-ip')) ?? first(get('x-forwarded-for')) ?? first(get('cf-connecting-ip')) ?? null
}

/** What an endpoint records: the IP the shell worked out, or null. */
export function requestIp(headers: Headers): string | null {
  return headers.get(CLIENT_IP_HEADER) || null
}

/** What a rate limit keys on: the client IP, else the socket address. */
export function rateLimitIp(headers: Headers): string {
  return headers.get(CLIENT_IP_HEADER) || headers.get(SOCKET_IP_HEADER) || 'unknown'
}
