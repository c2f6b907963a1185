// GET /api/openapi.json (the reference generated from the code, endpoints/openapi.ts, handed in)
// and GET /api/docs, a page that renders it with Scalar's standalone bundle, served from
// node_modules by this server (no CDN). The page gets its own CSP (decision 57); every
// other /api answer keeps the deny-all API_CSP.
import { createRequire } from 'node:module'
import path from 'node:path'

import type { Express } from 'express'

export const DOCS_ROUTES: Record<string, string[]> = {
  '/api/openapi.json': ['GET'],
  '/api/docs': ['GET'],
  '/api/docs/standalone.js': ['GET'],
}

// Scalar mounts Vue components that inject their styles as <style> elements and style
// attributes at run time, hence 'unsafe-inline' for styles only; scripts come from this
// server alone (the page has no inline script), the document is fetched from 'self', fonts
// are the system's (withDefaultFonts: false), and nothing else may be reached.
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

const SCALAR_CONFIG = { withDefaultFonts: false, telemetry: false, hideClientButton: true, showDeveloperTools: 'never', agent: { disabled: true } }

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Community Platform API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="api-reference" data-url="/api/openapi.json" data-configuration='${JSON.stringify(SCALAR_CONFIG)}'></div>
<script src="/api/docs/standalone.js"></script>
</body>
</html>
`

const scalarBundle = () => {
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference')
  return path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'dist', 'browser', 'standalone.js')
}

/** `openApiJson` writes the reference's text; it is called at the first request for it, and kept. */
export function mountApiDocs(app: Express, openApiJson: () => string | Promise<string>): void {
  let document: string | undefined
  app.get('/api/openapi.json', async (_req, res) => {
    document ??= await openApiJson()
    res.type('application/json').send(document)
  })
  app.get('/api/docs', (_req, res) => {
    res.setHeader('content-security-policy', DOCS_CSP)
    res.type('html').send(PAGE)
  })
  const bundle = scalarBundle()
  app.get('/api/docs/standalone.js', (_req, res) => {
    res.setHeader('content-security-policy', DOCS_CSP)
    res.setHeader('cache-control', 'public, max-age=3600')
    res.sendFile(bundle)
  })
}
