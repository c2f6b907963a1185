// The client IP, worked out once per request by the express shell: downstream code (our
// routes, Payload's endpoints through the bridge, Next) reads it from our header, so every
// door records the same address (audit entries, sessions) and keys rate limits alike.
import type { RequestHandler } from 'express'

import { CLIENT_IP_HEADER, clientIpFrom, SOCKET_IP_HEADER } from '../client-ip'
import { settings } from '../settings'

/**
 * Sets CLIENT_IP_HEADER (when a trusted proxy header names one) and SOCKET_IP_HEADER; an incoming copy of either is
 * dropped first.
 */
export const clientIpHeaders = (): RequestHandler => (req, _res, next) => {
  delete req.headers[CLIENT_IP_HEADER]
  delete req.headers[SOCKET_IP_HEADER]
  const ip = clientIpFrom((name) => req.headers[name], settings().trustProxy)
  if (ip) req.headers[CLIENT_IP_HEADER] = ip
  req.headers[SOCKET_IP_HEADER] = req.socket.remoteAddress ?? 'unknown'
  next()
}
