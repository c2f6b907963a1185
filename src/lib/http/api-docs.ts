// GET /api/openapi.json (the reference generated from the code, endpoints/openapi.ts, handed in)
// and GET /api/docs, a page that renders it with Swagger UI (docs/decisions.md "The reference
// page is Swagger UI from node_modules"): its pre-built bundle and stylesheet served from
// node_modules by this server (no CDN), started by a script of ours. Swagger UI rather than
// Scalar: one package (plus an install-analytics stub whose script is denied in package.json's
// allowScripts) instead of Scalar's 237, nothing built at install, and 5.x renders OpenAPI 3.1.
// The page gets its own CSP; every other /api answer keeps the deny-all API_CSP.
import { createRequire } from 'node:module'
import path from 'node:path'

import type { Express, Response } from 'express'

// Swagger UI's own files, served as they ship.
const SWAGGER_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const

export const DOCS_ROUTES: Record<string, string[]> = {
  '/api/openapi.json': ['GET'],
  '/api/docs': ['GET'],
  ...Object.fromEntries(SWAGGER_FILES.map((file) => [`/api/docs/${file}`, ['GET']])),
  '/api/docs/start.js': ['GET'],
}

// As strict as Swagger UI allows (checked in Chromium, tests/e2e/api-docs.test.ts): scripts and
// the stylesheet from this server alone (the page has no inline script or style; Swagger UI's
// run-time styles, such as its virtualized list's padding, are set through the DOM's style
// properties, which the CSP does not govern), the document fetched from 'self', images only as
// data: URIs (the stylesheet's SVG icons, the empty favicon), no fonts (the system's), and
// nothing else reached: the validator badge is off (validatorUrl null).
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src data:',
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

// Served as /api/docs/start.js so that the page needs no inline script.
const START_SCRIPT = `window.ui = SwaggerUIBundle(${JSON.stringify({ url: '/api/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true })})
`

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Community Platform API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`

// The package's folder by its package.json: its main module would load the bundle into Node.
const swaggerFolder = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

/** The page's files: under the page's CSP, cached for an hour. */
function assetHeaders(res: Response): void {
  res.setHeader('content-security-policy', DOCS_CSP)
  res.setHeader('cache-control', 'public, max-age=3600')
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
  const folder = swaggerFolder()
  for (const file of SWAGGER_FILES) {
    app.get(`/api/docs/${file}`, (_req, res) => {
      assetHeaders(res)
      res.sendFile(path.join(folder, file))
    })
  }
  app.get('/api/docs/start.js', (_req, res) => {
    assetHeaders(res)
    res.type('js').send(START_SCRIPT)
  })
}
