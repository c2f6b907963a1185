// tests/int/bookings-admin.test.ts, unchanged, behind PgBouncer in transaction mode
// (tests/helpers/behind-pgbouncer.ts).
import { afterAll, expect, it } from '@jest/globals'

import { behindPgBouncer } from '../helpers/behind-pgbouncer'

const pooler = await behindPgBouncer()

await import('./bookings-admin.test')

it('its app connected through PgBouncer', () => {
  expect([...pooler.logins].filter((name) => name.startsWith('community_test_'))).toHaveLength(1)
})

// Declared after the imported file's hooks, so it runs after its app has stopped.
afterAll(() => pooler.stop())
