import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { type Actor, adminActor, anonymous, audits, call, citizenActor, makeService, SERVICES } from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor
let citizen: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  citizen = await citizenActor(app)
})

afterAll(async () => {
  await app.stop()
})

describe('explore', () => {
  it('service versions', async () => {
    const service = await makeService(admin, { status: 'active', basePrice: '25.00', translations: [{ inLanguage: 'en', title: 'Piano' }], inLanguage: 'en' })
    const upd = await admin.send(SERVICES, { action: 'update', id: service.id, basePrice: '30.00' })
    console.log('update', upd.status)
    const rows = await sql(app, 'SELECT id, parent_id, latest, version__status, version_base_price FROM _service_listings_v WHERE parent_id = $1 ORDER BY created_at', [service.id])
    console.log(rows)
    const main = await sql(app, 'SELECT _status, status, base_price FROM service_listings WHERE id = $1', [service.id])
    console.log(main)
    const list = await admin.get(`/api/service-listings/versions`, { 'where[parent][equals]': service.id })
    console.log('admin list', list.status, list.body.totalDocs, list.body.errors)
    for (const who of [anonymous(app), citizen]) {
      const l = await who.get(`/api/service-listings/versions`, { 'where[parent][equals]': service.id })
      console.log('other list', l.status, JSON.stringify(l.body).slice(0, 300))
      const one = await who.get(`/api/service-listings/versions/${rows[0]!.id}`)
      console.log('other one', one.status, JSON.stringify(one.body).slice(0, 300))
      const r = await who.send(`/api/service-listings/versions/${rows[0]!.id}`, {})
      console.log('other restore', r.status, JSON.stringify(r.body).slice(0, 300))
    }
    const restore = await admin.send(`/api/service-listings/versions/${rows[0]!.id}`, {})
    console.log('restore', restore.status, JSON.stringify(restore.body).slice(0, 300))
    console.log(await sql(app, 'SELECT _status, status, base_price FROM service_listings WHERE id = $1', [service.id]))
    console.log(await audits(app, 'service.restore', service.id))
    // draft
    const d = await call(app, 'PATCH', `/api/service-listings/${service.id}?draft=true`, { headers: admin.headers, body: { basePrice: '99.00' } })
    console.log('draft', d.status, JSON.stringify(d.body).slice(0, 200))
    console.log(await sql(app, 'SELECT _status, status, base_price FROM service_listings WHERE id = $1', [service.id]))
    const pub = await anonymous(app).get(`/api/service-listings/${service.id}`, { draft: 'true' })
    console.log('anon draft read', pub.status, pub.body.basePrice)
    const adm = await admin.get(`/api/service-listings/${service.id}`, { draft: 'true' })
    console.log('admin draft read', adm.status, adm.body.basePrice)
  })
})
