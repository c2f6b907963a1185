// POST   /api/profile/blocks {userId} → 201 {block} (200 when it was already there)
// GET    /api/profile/blocks?page=&perPage= → {blocks, total, page, perPage, totalPages}
// DELETE /api/profile/blocks/:userId → {success: true}
// Signed in, else 401 (docs/api.md "Blocking between members").
import { z } from 'zod'

import { parseInput, readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { requireUser } from '../../src/lib/http/guards'
import { parsePagination } from '../../src/lib/http/pagination'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { blockMember, listBlocks, unblockMember } from '../../src/operations/profile/blocks'
import { uuid } from '../admin/services/actions'

export const blockBody = z.object({ userId: uuid('userId') }).strict()

export const blockEndpoints = [
  ...defineEndpoint(
    '/profile/blocks',
    'post',
    async (req) => {
      const blockerId = String(requireUser(req).id)
      const { userId } = parseInput(blockBody, await readJson(req))
      const { block, created } = await blockMember(req, blockerId, userId)
      return json({ block }, created ? 201 : 200)
    },
    familyDoc('blockDocs', 'profileBlocks'),
  ),

  ...defineEndpoint(
    '/profile/blocks',
    'get',
    async (req) => {
      const blockerId = String(requireUser(req).id)
      return json(await listBlocks(req, blockerId, parsePagination(req.searchParams)))
    },
    familyDoc('blockDocs', 'profileBlocks'),
  ),

  ...defineEndpoint(
    '/profile/blocks/:userId',
    'delete',
    async (req) => {
      const blockerId = String(requireUser(req).id)
      return json(await unblockMember(req, blockerId, String(req.routeParams?.userId ?? '')))
    },
    familyDoc('blockDocs', 'profileBlocksUserId'),
  ),
]
