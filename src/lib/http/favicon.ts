// GET /favicon.ico: the panel's icon from this server. Payload's pages name their icon
// (a file in Next's static folder), but a page without one (Payload's unauthorized view, a
// 404 page) makes the browser ask for /favicon.ico, which answered 404 and left a
// "Failed to load resource" error in the console of whoever walks the panel.
import { createRequire } from 'node:module'
import path from 'node:path'

import type { Express } from 'express'

/** Payload's own favicon (the dark mark, for light browser chrome), from @payloadcms/ui's assets. */
const faviconFile = () =>
  path.join(path.dirname(createRequire(import.meta.url).resolve('@payloadcms/ui/assets')), 'payload-favicon-dark.png')

export function mountFavicon(app: Express): void {
  const file = faviconFile()
  app.get('/favicon.ico', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=86400')
    res.type('image/png').sendFile(file)
  })
}
