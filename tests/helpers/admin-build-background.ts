// The admin panel's production build for a test run, in the background (started by
// tests/helpers/global-setup.js when browser files are in the run and .next/ lacks the build
// of the current sources). At the normal CPU priority: the sequencer starts the browser files
// after the first API files, by when it is made, and the build's minute of CPU is the same
// whenever it is spent; a browser file that still finds it running waits on its lock
// (src/lib/admin-build.ts) while the other workers go on.
import { fileURLToPath } from 'node:url'

import { ensureAdminBuild } from '../../src/lib/admin-build'

const root = fileURLToPath(new URL('../..', import.meta.url))
await ensureAdminBuild(root, (line) => console.log(`[admin build] ${line}`), undefined, { niceness: 0 })
