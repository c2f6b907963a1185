// The OpenAPI 3.1 reference of /api: each declared route's `doc` (src/lib/http/endpoint.ts), and the
// documents of the routes nobody declares here (Payload's stock routes, the shell's own). A new tag goes in TAGS.
import { createDocument, type ZodOpenApiObject, type ZodOpenApiPathsObject } from 'zod-openapi'

import { collections } from '../collections/index'
import { declaredPaths, type RouteGroup } from '../src/lib/openapi/routes'
import { settings } from '../src/lib/settings'
import { approvalDocs, moderationDocs } from './admin/openapi'
import { adminBlogDocs } from './admin/openapi-blog'
import { moderationSafetyDocs } from './admin/openapi-moderation-safety'
import { adminOrganizationDocs } from './admin/openapi-organizations'
import { screeningDocs } from './admin/openapi-screening'
import { webhookDocs } from './admin/openapi-webhooks'
import { adminServicesDocs } from './admin/services/openapi'
import { authDocs } from './auth/openapi'
import { accountDocs } from './auth/openapi-account'
import { adminUserDocs } from './auth/openapi-admin-users'
import { organizationDocs } from './auth/openapi-organizations'
import { authClientDocs } from './auth-client/openapi'
import { communityMediaPaths } from './community/openapi'
import { communityContentPaths } from './community/openapi-content'
import { endpoints } from './index'
import { versionPaths } from './openapi-versions'
import { profileDocs } from './profile/openapi'
import { blockDocs } from './profile/openapi-blocks'
import { reportsDocs } from './reports/openapi'
import { searchDocs } from './search/openapi'
import { waitlistDocs } from './services/openapi-waitlist'
import { stockPaths } from './stock-paths'

/** Where the routes are declared: the root endpoints, then each collection's own. */
export const routeGroups = (): RouteGroup[] => [
  { base: '/api', endpoints },
  ...collections.map((collection) => ({ base: `/api/${collection.slug}`, endpoints: collection.endpoints })),
]

/** The declared routes' documents (each beside its handler), and the routes that have none. */
export const declaredDocuments = () =>
  declaredPaths(routeGroups(), { locales: settings().locales, families: ROUTE_FAMILIES })

/** The families' documents the declarations name (`familyDoc`), by the name they use. */
const ROUTE_FAMILIES = {
  accountDocs,
  adminBlogDocs,
  adminOrganizationDocs,
  adminServicesDocs,
  adminUserDocs,
  approvalDocs,
  authClientDocs,
  authDocs,
  blockDocs,
  moderationDocs,
  moderationSafetyDocs,
  organizationDocs,
  profileDocs,
  reportsDocs,
  screeningDocs,
  searchDocs,
  waitlistDocs,
  webhookDocs,
}

/** Payload's stock collection routes the contract documents, and the routes the shell answers itself. */
const FAMILIES = (): ZodOpenApiPathsObject[] => [communityContentPaths(), communityMediaPaths, stockPaths, versionPaths]

/** The documented routes that are not declared here: Payload's stock routes and the shell's own. */
export const stockDocuments = () => mergePaths(FAMILIES())

const TAGS = [
  'Accounts',
  'Admin: services',
  'Admin: categories',
  'Admin: availability',
  'Admin: media',
  'Admin: bookings',
  'Admin: organizations',
  'Admin: blog',
  'Bookings',
  'Moderation',
  'Community',
  'Notifications',
  'Profile',
  'Public catalogue',
  'History',
  'Operations',
]

/**
 * The families' paths in one object. Two families may document methods of the same path
 * (e.g. GET and POST of one route); the same method twice would silently replace one with
 * the other, so it throws instead.
 */
export function mergePaths(families: ZodOpenApiPathsObject[]): ZodOpenApiPathsObject {
  const merged: ZodOpenApiPathsObject = {}
  for (const family of families) {
    for (const [path, item] of Object.entries(family)) {
      const existing = (merged[path] ?? {}) as Record<string, unknown>
      const clash = Object.keys(item).find((key) => key in existing)
      if (clash) throw new Error(`OpenAPI: ${clash} ${path} is documented by two families`)
      merged[path] = { ...existing, ...item }
    }
  }
  return merged
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete']

/**
 * Paths in the order of their first tag in TAGS, then as declared (a family declares its routes in the order a
 * client uses them: sign-up before sign-in); each path's methods in METHOD_ORDER. The reference page reads so.
 */
export function sortedPaths(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  const rank = (key: string) => (METHOD_ORDER.includes(key) ? METHOD_ORDER.indexOf(key) : -1)
  const tagRank = (path: string) => {
    const operations = Object.values(paths[path] as Record<string, { tags?: string[] }>)
    const tag = operations.find((operation) => operation?.tags?.length)?.tags?.[0]
    return tag && TAGS.includes(tag) ? TAGS.indexOf(tag) : TAGS.length
  }
  return Object.fromEntries(
    Object.keys(paths)
      .map((path, index) => ({ path, index, tag: tagRank(path) }))
      .sort((a, b) => a.tag - b.tag || a.index - b.index)
      .map(({ path }) => {
        const item = paths[path] as Record<string, unknown>
        const keys = Object.keys(item).sort((x, y) => rank(x) - rank(y))
        return [path, Object.fromEntries(keys.map((key) => [key, item[key]]))]
      }),
  )
}

const DESCRIPTION = `The Community Platform API. Prose, examples and every rule in detail: docs/api.md.

**Sessions.** Sign in with \`POST /api/auth/sign-in/email\`; send the token back as
\`Authorization: Bearer <token>\` or as the \`community.session\` cookie (prefix from \`COOKIE_PREFIX\`).

**CSRF.** A POST, PUT, PATCH or DELETE that carries the session cookie needs an \`Origin\` (or, without
one, a \`Referer\`) equal to the server's origin or one of \`TRUSTED_ORIGINS\`, else 403 \`forbidden\`.
Requests carrying only a bearer token are exempt.

**Rate limits.** Every /api request counts against a global limit per client IP (100 per minute by
default; admins and moderators are not counted); sign-in and sign-up have their own. Over a limit:
429 \`too_many_requests\` with \`Retry-After\` and \`X-Retry-After\` (seconds).

**Errors** come in the family of the route: \`AuthError\` under /api/auth, \`ModerationError\` for
/api/admin/moderate, \`GeneralError\` elsewhere, and Payload's \`PayloadErrors\` on stock collection routes.
An unknown /api path is 404 \`not_found\`, a method a path does not serve 405 \`method_not_allowed\`.`

export function openApiDocument(): ReturnType<typeof createDocument> {
  const spec: ZodOpenApiObject = {
    openapi: '3.1.0',
    info: { title: 'Community Platform API', version: '1.0.0', description: DESCRIPTION },
    tags: TAGS.map((name) => ({ name })),
    paths: sortedPaths(mergePaths([declaredDocuments().paths, stockDocuments()])),
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'community.session',
          description: 'The session cookie set by sign-in (HttpOnly, Secure, SameSite=Lax); the CSRF rule applies',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The session token from sign-in (`token`, or the `set-auth-token` header); exempt from the CSRF rule',
        },
      },
    },
  }
  return createDocument(spec)
}

/** docs/openapi.json's exact text. */
export const openApiJson = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`
