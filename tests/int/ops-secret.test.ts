// PAYLOAD_SECRET: generated once and kept in development, required in production, and not
// needed by `next build` (which loads the config but signs nothing).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, expect, it } from '@jest/globals'

import { payloadSecret } from '../../src/lib/secret'

const saved = { ...process.env }
let dir: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'))
  delete process.env.PAYLOAD_SECRET
  delete process.env.NEXT_PHASE
  process.env.DATA_DIR = dir
})

afterEach(() => {
  process.env = { ...saved }
  fs.rmSync(dir, { recursive: true, force: true })
})

it('uses PAYLOAD_SECRET when set', () => {
  process.env.PAYLOAD_SECRET = 'from-the-environment'
  expect(payloadSecret()).toBe('from-the-environment')
})

it('in development generates a secret once, keeps it under DATA_DIR, and reuses it', () => {
  Object.assign(process.env, { NODE_ENV: 'development' })
  const first = payloadSecret()
  expect(first).toMatch(/^[0-9a-f]{64}$/)
  expect(fs.readFileSync(path.join(dir, 'payload-secret'), 'utf8')).toBe(first)
  expect(payloadSecret()).toBe(first)
})

it('in production refuses to start without one, in plain words', () => {
  Object.assign(process.env, { NODE_ENV: 'production' })
  expect(() => payloadSecret()).toThrow(/PAYLOAD_SECRET is not set/)
  expect(fs.existsSync(path.join(dir, 'payload-secret'))).toBe(false)
})

it('lets `next build` load the config without one', () => {
  Object.assign(process.env, { NODE_ENV: 'production' })
  process.env.NEXT_PHASE = 'phase-production-build'
  expect(payloadSecret()).toBe('build-time-placeholder-never-used-to-sign')
})
