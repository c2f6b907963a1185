// src/payload-types.ts is what `npm run generate:types` makes of today's config: a change to a
// collection's fields without regenerating the committed types fails here, naming the line.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { PAYLOAD_TYPES_FILE, writePayloadTypes } from '../../scripts/payload-types'

let dir: string

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-payload-types-'))
})

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

/** The first line where `actual` and `expected` part, with both versions of it; null when equal. */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null
  const a = actual.split('\n')
  const e = expected.split('\n')
  const line = a.findIndex((text, i) => text !== e[i])
  const at = line === -1 ? a.length : line
  return `line ${at + 1}: committed ${JSON.stringify(a[at])}, generated ${JSON.stringify(e[at])}`
}

describe('the committed Payload types', () => {
  it('are what generating them from the config gives (npm run generate:types)', async () => {
    const generated = path.join(dir, 'payload-types.ts')
    await writePayloadTypes(generated)
    const difference = firstDifference(
      await fs.readFile(PAYLOAD_TYPES_FILE, 'utf8'),
      await fs.readFile(generated, 'utf8'),
    )
    expect(difference).toBeNull()
  })
})
