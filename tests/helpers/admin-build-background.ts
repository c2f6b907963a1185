// The admin panel's production build for a test run, in the background (started by
// tests/helpers/global-setup.js when browser files are in the run and .next/ lacks the build
// of the current sources). At the lowest CPU priority: it takes the time the API files leave
// unused, and the browser files (the run's last) find it made, or wait on its lock for the
// rest (src/lib/admin-build.ts), instead of one of them building while the other worker idles.
import os from 'node:os'
import { fileURLToPath } from 'node:url'

import { ensureAdminBuild } from '../../src/lib/admin-build'

// Before `next build` starts: its workers inherit the priority.
os.setPriority(19)
const root = fileURLToPath(new URL('../..', import.meta.url))
await ensureAdminBuild(root, (line) => console.log(`[admin build] ${line}`))
