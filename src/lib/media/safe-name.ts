// Stored file names are ours, never the client's: a lower-case stem made from the name the
// client asked for (its last path segment only, so `../../etc/passwd` is just `passwd`),
// a random suffix that makes it unique, and the extension of the type read from the bytes.
import { randomBytes } from 'node:crypto'

const MAX_STEM = 60

export function safeFileName(requested: string | undefined | null, ext: string): string {
  const lastSegment =
    String(requested ?? '')
      .split(/[\\/]/)
      .pop() ?? ''
  const stem =
    lastSegment
      .replace(/\.[^.]*$/, '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, MAX_STEM)
      .replace(/-+$/, '') || 'media'
  return `${stem}-${randomBytes(4).toString('hex')}.${ext}`
}
