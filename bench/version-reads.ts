// What each of the read cache's two version reads costs (docs/decisions.md "The cookie barrier is the version read",
// src/lib/read-cache/versions.ts): a collection's own statement (classifieds: 3 collections'
// rows and the next expiry, 1 row back) and the read of every collection's version (22
// collections × 13 backends' rows, 23 rows back), one after the other on one connection of a
// throwaway embedded PostgreSQL, in alternating rounds: node CPU and the backend's CPU per
// read. `npx tsx bench/version-reads.ts` (a minute; not one of `npm run bench`'s scenarios).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { freePort, startEmbeddedDatabase } from '../src/lib/embedded-database'

async function main() {
  const schedNs = async (pid: number) => Number((await fs.readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ')[0])
  const db = await startEmbeddedDatabase({
    stateDir: path.join(os.tmpdir(), `version-reads-${process.pid}`),
    port: await freePort(),
    log: () => undefined,
  })
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  await client.query(`CREATE TABLE IF NOT EXISTS collection_versions (collection varchar NOT NULL, backend integer NOT NULL, n bigint NOT NULL, PRIMARY KEY (collection, backend));
  CREATE TABLE IF NOT EXISTS classifieds (id serial primary key, expires_at timestamptz); CREATE INDEX IF NOT EXISTS classifieds_expires_at_idx ON classifieds (expires_at);
  TRUNCATE collection_versions; TRUNCATE classifieds;`)
  const slugs = [
    'service-listings',
    'service-categories',
    'service-availability',
    'availability-exceptions',
    'service-media',
    'organizations',
    'memberships',
    'blog-posts',
    'blog-comments',
    'reviews',
    'comments',
    'forum-threads',
    'forum-posts',
    'classifieds',
    'places',
    'articles',
    'events',
    'groups',
    'galleries',
    'products',
    'community-media',
    'users',
  ]
  // Backends per collection: the bench's server has a pool of 10 plus the test process.
  await client.query(
    `INSERT INTO collection_versions SELECT s, b, (random() * 1000)::int FROM unnest($1::text[]) s, generate_series(0, 12) b`,
    [slugs],
  )
  await client.query(
    `INSERT INTO classifieds (expires_at) SELECT now() + (g || ' minutes')::interval FROM generate_series(-5000, 50000) g`,
  )
  await client.query('ANALYZE')
  const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number
  const expiry = `(SELECT min("expires_at") FROM "classifieds" WHERE "expires_at" > $1::timestamptz)`
  const own = {
    name: 'own',
    text: `SELECT concat_ws('|', (SELECT coalesce(sum(n), 0) FROM collection_versions WHERE collection IN ('classifieds', 'community-media', 'users')), extract(epoch FROM ${expiry})) AS version`,
  }
  const all = {
    name: 'all',
    text: `SELECT collection AS key, sum(n)::text AS value FROM collection_versions GROUP BY collection UNION ALL SELECT 'expiry:classifieds', extract(epoch FROM ${expiry})::text`,
  }
  const N = 3000
  const results: Record<string, { node: number[]; backend: number[] }> = {
    own: { node: [], backend: [] },
    all: { node: [], backend: [] },
  }
  for (let round = 0; round < 6; round++) {
    for (const statement of round % 2 ? [all, own] : [own, all]) {
      for (let i = 0; i < 200; i++)
        await client.query({
          ...statement,
          values: [new Date().toISOString()],
        })
      const [c0, b0] = [process.cpuUsage(), await schedNs(pid)]
      for (let i = 0; i < N; i++) {
        const { rows } = await client.query({
          ...statement,
          values: [new Date().toISOString()],
        })
        if (statement === all) new Map(rows.map((row: { key: string; value: string }) => [row.key, row.value]))
      }
      const [c1, b1] = [process.cpuUsage(c0), await schedNs(pid)]
      results[statement.name]!.node.push((c1.user + c1.system) / N)
      results[statement.name]!.backend.push((b1 - b0) / 1000 / N)
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  for (const [name, r] of Object.entries(results))
    console.log(
      `${name}: node ${median(r.node).toFixed(1)} µs, backend ${median(r.backend).toFixed(1)} µs per read (medians of 6 × ${N}; node ${r.node.map((v) => v.toFixed(0)).join(' ')})`,
    )
  await client.end()
  await db.stop()
  await fs.rm(path.join(os.tmpdir(), `version-reads-${process.pid}`), {
    recursive: true,
    force: true,
  })
}
void main()
