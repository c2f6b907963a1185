// The committed migrations must describe exactly the schema the collections define: a field
// added without `npm run migrate:create` fails here, not in production (where the start
// would run migrations that lack it). Same comparison Payload's migrate:create makes.
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, expect, it } from '@jest/globals'

import { startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

interface DrizzleKit {
  generateDrizzleJson: (schema: unknown) => Promise<{ version: string }>
  generateMigration: (before: unknown, after: unknown) => Promise<string[]>
  upSnapshot?: (snapshot: unknown) => unknown
}

it('has no schema change that the committed migrations lack', async () => {
  const db = app.payload.db as unknown as { schema: unknown; migrationDir: string; requireDrizzleKit: () => DrizzleKit }
  const { generateDrizzleJson, generateMigration, upSnapshot } = db.requireDrizzleKit()
  const latest = fs
    .readdirSync(db.migrationDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .at(-1)
  expect(latest).toBeDefined()
  let before = JSON.parse(fs.readFileSync(path.join(db.migrationDir, latest!), 'utf8')) as { version: string }
  const after = await generateDrizzleJson(db.schema)
  if (upSnapshot && before.version < after.version) before = upSnapshot(before) as { version: string }
  expect(await generateMigration(before, after)).toEqual([])
})

it('lists every migration file in src/migrations/index.ts', async () => {
  const db = app.payload.db as unknown as { migrationDir: string }
  const files = fs
    .readdirSync(db.migrationDir)
    .filter((file) => /^\d{8}_\d{6}_.+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
  const { migrations } = await import('../../src/migrations/index')
  expect(migrations.map((migration: { name: string }) => migration.name)).toEqual(files.sort())
})
