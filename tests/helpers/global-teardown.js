import { existsSync, readFileSync, rmSync } from 'node:fs'

export default async function globalTeardown() {
  stopAdminBuild(globalThis.__ADMIN_BUILD__)
  await globalThis.__TEST_DATABASE__?.stop()
  // The test files' media folders (tests/helpers/file-setup.ts).
  if (process.env.COMMUNITY_TEST_MEDIA_ROOT)
    rmSync(process.env.COMMUNITY_TEST_MEDIA_ROOT, { recursive: true, force: true })
  printOpenApiTotals()
}

// The responses tests/helpers/openapi-check.ts checked against the OpenAPI reference.
function printOpenApiTotals() {
  const log = process.env.OPENAPI_CHECK_LOG
  if (!log || !existsSync(log)) return
  const entries = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
  const mismatches = entries.filter((entry) => entry.result === 'mismatch')
  console.log(
    `\nOpenAPI: ${entries.length} responses checked against the reference, ${entries.length - mismatches.length} valid, ${mismatches.length} mismatches (${log})`,
  )
  for (const entry of mismatches.slice(0, 20)) console.log(`  ${entry.operation} → ${entry.status}: ${entry.problem}`)
}

// The background panel build (global-setup.js), when no browser file waited for it to end
// (filtered out by -t, or the run cut short): a run leaves nothing running. The build it cut
// leaves no hash in .next/, so the next start builds again (src/lib/admin-build.ts).
function stopAdminBuild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
}
