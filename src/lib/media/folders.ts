// Where upload collections keep their files when they are not in S3. MEDIA_DIR moves the
// whole tree (a mounted volume; a test that makes the storage fail); each collection has its
// own folder in it, so that one collection's file route never reaches another's files.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The media folder (`media/` at the project root unless MEDIA_DIR says otherwise), or a folder in it. */
export function mediaFolder(sub?: string): string {
  const root = path.resolve(
    process.env.MEDIA_DIR || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../media'),
  )
  return sub ? path.join(root, sub) : root
}
