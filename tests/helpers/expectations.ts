import { expect } from '@jest/globals'

import { API_CSP } from '../../src/lib/http/security-headers'

/** docs/api.md "Conventions of every route": on every /api answer, errors included. */
export function expectSecurityHeaders(response: Response): void {
  expect(response.headers.get('content-security-policy')).toBe(API_CSP)
  expect(response.headers.get('x-frame-options')).toBe('DENY')
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains; preload')
  expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
}
