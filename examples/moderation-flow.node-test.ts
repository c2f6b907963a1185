// An example of a node:test test on top of the platform (docs/testing.md): a citizen's forum
// thread is reported, a moderator hides it, its author appeals, a second moderator reverses
// the decision. Run it with `node --import tsx --test examples/moderation-flow.node-test.ts`.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'

import { type KitUser, type Platform, startPlatform } from 'community-platform/testing'

let platform: Platform
let author: KitUser
let reporter: KitUser
let moderator: KitUser
let secondModerator: KitUser
let threadId: string

before(async () => {
  platform = await startPlatform()
  author = await platform.createUser({ name: 'Camille' })
  reporter = await platform.createUser()
  moderator = await platform.createUser({ roles: ['moderator'] })
  secondModerator = await platform.createUser({ roles: ['moderator'] })
  // Written as its author through the Local API, with the author's access rules.
  const thread = await platform.payload.create({
    collection: 'forum-threads',
    data: { title: 'Noise at night', body: 'Who else hears the works on rue Centrale?' } as never,
    req: author.req,
    overrideAccess: false,
  })
  threadId = String(thread.id)
})

after(async () => {
  await platform?.stop()
})

/** The thread's status as stored. */
async function statusOfThread(): Promise<string> {
  const thread = await platform.payload.findByID({ collection: 'forum-threads', id: threadId, depth: 0 })
  return String((thread as { status?: unknown }).status)
}

/** The audit entries with `action` on the thread or its appeal. */
async function audited(action: string): Promise<number> {
  const { totalDocs } = await platform.payload.count({
    collection: 'audit-logs',
    where: { action: { equals: action } },
  })
  return totalDocs
}

describe('reporting, moderating and appealing a forum thread', () => {
  let appealId: string

  it('takes a report from another user, and refuses a report on one’s own thread', async () => {
    const { report } = await platform
      .as(reporter)
      .report({ postType: 'forumThreads', postId: threadId, reason: 'harassment', details: 'Names a neighbour' })
    assert.equal(report.status, 'open')
    await assert.rejects(platform.as(author).report({ postType: 'forumThreads', postId: threadId, reason: 'spam' }), {
      status: 400,
      code: 'BIZ_SELF_REPORT',
    })
    await assert.rejects(platform.as(reporter).report({ postType: 'forumThreads', postId: threadId, reason: 'spam' }), {
      status: 409,
      code: 'report_exists',
    })
  })

  it('lets a moderator hide it, and nobody else', async () => {
    await assert.rejects(
      platform.as(reporter).moderate({ postType: 'forumThreads', postId: threadId, reason: 'Names a neighbour' }),
      { status: 403 },
    )
    await assert.rejects(
      platform.as(moderator).moderate({ postType: 'forumThreads', postId: threadId, reason: 'no' }),
      { status: 400, code: 'VAL_TOO_SHORT' },
    )
    const result = await platform
      .as(moderator)
      .moderate({ postType: 'forumThreads', postId: threadId, reason: 'Names a neighbour' })
    assert.deepEqual(result, { success: true, postType: 'forumThreads', postId: threadId, status: 'moderated' })
    assert.equal(await statusOfThread(), 'moderated')
    assert.equal(await audited('content_moderated'), 1)
  })

  it('takes the author’s appeal, once', async () => {
    const statement = 'The name was my own, not a neighbour’s.'
    await assert.rejects(platform.as(reporter).appeal({ postType: 'forumThreads', postId: threadId, statement }), {
      status: 403,
    })
    const { appeal } = await platform.as(author).appeal({ postType: 'forumThreads', postId: threadId, statement })
    assert.equal(appeal.status, 'open')
    appealId = appeal.id
    await assert.rejects(platform.as(author).appeal({ postType: 'forumThreads', postId: threadId, statement }), {
      status: 409,
      code: 'appeal_exists',
    })

    // The same request over HTTP, with the author's bearer token: the same answer.
    const url = await platform.listen()
    const response = await fetch(`${url}/api/appeals`, {
      method: 'POST',
      headers: { ...author.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ postType: 'forumThreads', postId: threadId, statement }),
    })
    assert.equal(response.status, 409)
    assert.equal(((await response.json()) as { error: string }).error, 'appeal_exists')
  })

  it('has another moderator decide it: reversed, the thread is back', async () => {
    const reason = 'The name is the author’s own'
    await assert.rejects(platform.as(moderator).decideAppeal({ appealId, decision: 'reverse', reason }), {
      status: 403,
      code: 'BIZ_SELF_REVIEW',
    })
    const { appeal } = await platform.as(secondModerator).decideAppeal({ appealId, decision: 'reverse', reason })
    assert.equal(appeal.status, 'reversed')
    assert.equal(await statusOfThread(), 'published')
    assert.equal(await audited('appeal_reversed'), 1)
  })
})
