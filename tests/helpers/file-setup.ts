// Runs before each test file (jest.config.js setupFilesAfterEnv). Files run side by side
// (docs/decisions.md "Test files run in recycled workers"), and
// several compare a media folder's listing before and after a refused upload: each file gets
// a media folder of its own (MEDIA_DIR; jest gives every file its own copy of process.env,
// and the servers and scripts a file starts inherit it). A file that sets MEDIA_DIR itself
// still does so. The folders live in the run's own (globalSetup makes it, globalTeardown
// removes it: after every file's servers have stopped).
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

process.env.MEDIA_DIR = mkdtempSync(path.join(process.env.COMMUNITY_TEST_MEDIA_ROOT ?? os.tmpdir(), 'media-'))
