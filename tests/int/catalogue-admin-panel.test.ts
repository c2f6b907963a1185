// The admin panel's path: Payload's Local API as an admin user with overrideAccess: false,
// which is what the panel's forms run through. The catalogue's rules (slug, overlap, cycle,
// price) are refused there with readable field messages, and every change is audited.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Payload, ValidationError } from 'payload'

import { audits, call, SERVICES, uniqueSlug } from '../helpers/catalogue'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createAdmin, createUser } from '../helpers/users'

let app: TestApp
let payload: Payload
let editor: Record<string, unknown>
let citizen: Record<string, unknown>
let adminHeaders: Record<string, string>

const asEditor = () => ({ overrideAccess: false, user: editor as never })

async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; errors: Array<{ path: string; message: string }> }> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  )
  expect(error).toBeInstanceOf(ValidationError)
  const validation = error as ValidationError
  return {
    status: validation.status,
    errors: (validation.data as { errors: Array<{ path: string; message: string }> }).errors,
  }
}

beforeAll(async () => {
  app = await startTestApp()
  payload = app.payload
  const admin = await createAdmin(app)
  adminHeaders = admin.headers
  editor = {
    ...(await payload.findByID({ collection: 'users', id: admin.id, overrideAccess: true })),
    collection: 'users',
  }
  const user = await createUser(app)
  citizen = {
    ...(await payload.findByID({ collection: 'users', id: user.id, overrideAccess: true })),
    collection: 'users',
  }
})

afterAll(async () => {
  await app.stop()
})

const service = (data: Record<string, unknown> = {}) =>
  payload.create({
    collection: 'service-listings',
    data: { slug: uniqueSlug(), provider: editor.id, ...data } as never,
    ...asEditor(),
  })

describe('services in the admin panel', () => {
  it('creates and edits with audit entries and a derived title for the list', async () => {
    const doc = await service({ translations: [{ inLanguage: 'fr', title: 'Titre' }] })
    expect(doc).toMatchObject({ title: 'Titre', status: 'draft', currency: 'EUR' })
    expect(await audits(app, 'service.create', String(doc.id))).toHaveLength(1)
    await payload.update({
      collection: 'service-listings',
      id: doc.id,
      data: { status: 'active' } as never,
      ...asEditor(),
    })
    const [entry] = await audits(app, 'service.update', String(doc.id))
    expect(entry).toMatchObject({ user_id: editor.id })
    expect(entry!.data).toEqual({ status: 'active' })
  })

  it('refuses a slug clash, a bad slug, a bad price and a missing provider, on the field', async () => {
    const first = await service()
    const clash = await refusal(service({ slug: (first as unknown as { slug: string }).slug }))
    expect(clash.status).toBe(409)
    expect(clash.errors).toEqual([{ path: 'slug', message: expect.stringContaining('already taken') }])
    const format = await refusal(service({ slug: 'Not A Slug' }))
    expect(format.errors[0]).toMatchObject({ path: 'slug', message: expect.stringContaining('URL-friendly') })
    const price = await refusal(service({ basePrice: '1.5', currency: 'JPY' }))
    expect(price.errors[0]).toMatchObject({ path: 'basePrice', message: 'JPY allows at most 0 decimals' })
    const provider = await refusal(service({ provider: '00000000-0000-4000-8000-000000000000' }))
    expect(provider.errors[0]).toMatchObject({ path: 'provider', message: expect.stringContaining('No provider') })
  })

  it("refuses an unknown language, a second translation in one language and an unknown currency with the admin API's words", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { translations: [{ inLanguage: 'fre', title: 'x' }] },
        'translations.0.inLanguage',
        'Unknown language "fre"; configured: en, fr, de, es, it, nl',
      ],
      [
        {
          translations: [
            { inLanguage: 'fr', title: 'a' },
            { inLanguage: 'fr', title: 'b' },
          ],
        },
        'translations',
        'A translation in "fr" already exists: keep one per language',
      ],
      [{ currency: 'eur' }, 'currency', 'Unknown currency "eur": use an ISO 4217 code such as EUR'],
    ]
    for (const [data, path, message] of cases) {
      const panel = await refusal(service(data))
      expect(panel.errors).toEqual([expect.objectContaining({ path, message })])
      const api = await call(app, 'POST', SERVICES, {
        headers: adminHeaders,
        body: { action: 'create', slug: uniqueSlug(), providerId: editor.id, ...data },
      })
      expect(api.body.issues).toEqual([{ path, message }])
    }
  })

  it("the panel's Duplicate gives a draft with the next free -copy slug", async () => {
    const original = (await service({ status: 'active' })) as unknown as { id: string; slug: string }
    const copy = (await payload.duplicate({
      collection: 'service-listings',
      id: original.id,
      ...asEditor(),
    })) as unknown as { slug: string; status: string }
    expect(copy).toMatchObject({ slug: `${original.slug}-copy`, status: 'draft' })
    const again = (await payload.duplicate({
      collection: 'service-listings',
      id: original.id,
      ...asEditor(),
    })) as unknown as { slug: string }
    expect(again.slug).toBe(`${original.slug}-copy-2`)
  })

  it('refuses deleting a service with an open booking, with a readable message', async () => {
    const doc = await service()
    await payload.create({
      collection: 'bookings',
      data: { service: doc.id, bookingDate: '2030-01-07', bookingTime: '10:00' } as never,
      overrideAccess: true,
    })
    const error = await payload.delete({ collection: 'service-listings', id: doc.id, ...asEditor() }).then(
      () => undefined,
      (err: unknown) => err as { status: number; message: string },
    )
    expect(error).toMatchObject({
      status: 409,
      message: 'This service has 1 pending or confirmed booking; finish or cancel them first',
    })
    expect(
      await payload.count({ collection: 'service-listings', where: { id: { equals: doc.id } }, overrideAccess: true }),
    ).toEqual({ totalDocs: 1 })
  })

  it('a citizen gets nowhere', async () => {
    await expect(
      payload.create({
        collection: 'service-listings',
        data: { slug: uniqueSlug(), provider: citizen.id } as never,
        overrideAccess: false,
        user: citizen as never,
      }),
    ).rejects.toMatchObject({ status: 403 })
  })
})

describe('slots in the admin panel', () => {
  it('refuses an overlapping slot and a backwards one with readable messages; audits the rest', async () => {
    const owner = await service()
    const slot = await payload.create({
      collection: 'service-availability',
      data: { service: owner.id, dayOfWeek: 1, startTime: '09:00', endTime: '12:00' } as never,
      ...asEditor(),
    })
    expect(await audits(app, 'service_availability.create', String(slot.id))).toHaveLength(1)
    const overlap = await refusal(
      payload.create({
        collection: 'service-availability',
        data: { service: owner.id, dayOfWeek: 1, startTime: '11:00', endTime: '13:00' } as never,
        ...asEditor(),
      }),
    )
    expect(overlap.status).toBe(409)
    expect(overlap.errors[0]!.message).toBe('Overlaps the slot 09:00–12:00 on the same day')
    const backwards = await refusal(
      payload.create({
        collection: 'service-availability',
        data: { service: owner.id, dayOfWeek: 2, startTime: '13:00', endTime: '11:00' } as never,
        ...asEditor(),
      }),
    )
    expect(backwards.errors[0]).toMatchObject({ path: 'endTime', message: 'The end time must be after the start time' })
    const badTime = await refusal(
      payload.create({
        collection: 'service-availability',
        data: { service: owner.id, dayOfWeek: 2, startTime: '9am', endTime: '11:00' } as never,
        ...asEditor(),
      }),
    )
    expect(badTime.errors[0]).toMatchObject({ path: 'startTime' })
  })
})

describe('categories in the admin panel', () => {
  it('edits one locale at a time, each save audited; refuses a cycle and a slug clash on the field', async () => {
    const parent = await payload.create({
      collection: 'service-categories',
      locale: 'en',
      data: { slug: uniqueSlug('cat'), name: 'Parent' } as never,
      ...asEditor(),
    })
    await payload.update({
      collection: 'service-categories',
      id: parent.id,
      locale: 'fr',
      data: { name: 'Parent FR' } as never,
      ...asEditor(),
    })
    const both = await payload.findByID({
      collection: 'service-categories',
      id: parent.id,
      locale: 'all',
      overrideAccess: true,
    })
    expect((both as unknown as { name: unknown }).name).toEqual({ en: 'Parent', fr: 'Parent FR' })
    expect(await audits(app, 'service_category.update', String(parent.id))).toHaveLength(1)

    const child = await payload.create({
      collection: 'service-categories',
      data: { slug: uniqueSlug('cat'), name: 'Child', parent: parent.id } as never,
      ...asEditor(),
    })
    const cycle = await refusal(
      payload.update({
        collection: 'service-categories',
        id: parent.id,
        data: { parent: child.id } as never,
        ...asEditor(),
      }),
    )
    expect(cycle.errors[0]).toMatchObject({ path: 'parent', message: expect.stringContaining('cycle') })
    const self = await refusal(
      payload.update({
        collection: 'service-categories',
        id: parent.id,
        data: { parent: parent.id } as never,
        ...asEditor(),
      }),
    )
    expect(self.errors[0]!.message).toBe('A category cannot be its own parent')
    const clash = await refusal(
      payload.create({
        collection: 'service-categories',
        data: { slug: (child as unknown as { slug: string }).slug, name: 'Again' } as never,
        ...asEditor(),
      }),
    )
    expect(clash.errors[0]).toMatchObject({ path: 'slug', message: expect.stringContaining('already taken') })
  })
})
