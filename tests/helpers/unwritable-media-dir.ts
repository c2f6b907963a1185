// Fault 5's storage: MEDIA_DIR names a regular file, so every write under it fails (ENOTDIR /
// EEXIST) even for root, whom no permission bit stops. collections/ServiceMedia reads
// MEDIA_DIR when its module loads, and the test's other imports load it (through the OpenAPI
// checker), so a test imports this module FIRST: it sets the variable at import time.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'community-fault-media-'))
export const mediaDir = path.join(storageRoot, 'media')
export const previousMediaDir = process.env.MEDIA_DIR

fs.writeFileSync(mediaDir, 'not a folder')
process.env.MEDIA_DIR = mediaDir
