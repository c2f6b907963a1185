import fs from 'node:fs/promises'
import path from 'node:path'

import type { UploadConfig } from 'payload'

import { notFound } from '../../src/lib/http/errors'
import { errorResponse } from '../../src/lib/http/respond'
import { settings } from '../../src/lib/settings'

type UploadHandler = NonNullable<UploadConfig['handlers']>[number]

// Payload answers a file that is not on the disk with a 500 (`GET /api/<upload>/file/<name>`),
// found by the fuzzer: a record whose file is gone is a 404. Runs after the
// unknown-name check (./missingFile.ts) among the upload handlers and falls through (returns nothing) when the file
// exists, or when the files live in S3 (whose own handler answers).
export function missingLocalFile(staticDir: string): UploadHandler {
  const check = async (filename: string): Promise<Response | void> => {
    if (settings().s3.bucket) return
    const file = path.resolve(staticDir, filename)
    if (!file.startsWith(path.resolve(staticDir) + path.sep)) return
    const found = await fs.stat(file).then(
      (stats) => stats.isFile(),
      () => false,
    )
    if (!found) return errorResponse(notFound('The media file is missing from storage'), 'general')
  }
  return (_req, { params }) => check(params.filename) as Promise<void>
}
