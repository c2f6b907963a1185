import { type CollectionBeforeValidateHook, type CollectionConfig, ValidationError } from 'payload'

import { isAdmin } from '../access/isAdmin'
import {
  normalizeScreeningValue,
  SCREENING_COLLECTION,
  SCREENING_EFFECTS,
  SCREENING_KINDS,
  type ScreeningKind,
} from '../domain/screening'
import { auditHooks } from '../hooks/shared/audit'

const audit = auditHooks('screening')

// The panel's form and /api/admin/moderation/screening store one written form of a value, so sign-up compares like
// with like.
const normalizeValue: CollectionBeforeValidateHook = ({ data, originalDoc }) => {
  if (!data) return data
  const kind = (data.kind ?? originalDoc?.kind) as ScreeningKind | undefined
  const value = data.value ?? originalDoc?.value
  if (!kind || typeof value !== 'string' || !SCREENING_KINDS.includes(kind)) return data
  const normalized = normalizeScreeningValue(kind, value)
  if ('problem' in normalized)
    throw new ValidationError({
      collection: SCREENING_COLLECTION,
      errors: [{ path: 'value', message: normalized.problem }],
    })
  return { ...data, value: normalized.value }
}

// Who may sign up (docs/moderation.md "6. Sign-up screening"): read at every sign-up, so a change is in force at once.
export const SignupScreening: CollectionConfig = {
  slug: SCREENING_COLLECTION,
  labels: { singular: 'Sign-up screening entry', plural: 'Sign-up screening' },
  admin: {
    useAsTitle: 'value',
    defaultColumns: ['kind', 'value', 'effect', 'expiresAt', 'note', 'createdAt'],
    components: { beforeList: ['/src/admin/ScreeningCheck#ScreeningCheck'] },
  },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-createdAt',
  hooks: {
    beforeValidate: [normalizeValue],
    afterChange: [audit.afterChange],
    afterDelete: [audit.afterDelete],
  },
  fields: [
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: [
        { label: 'Email domain (and its subdomains)', value: 'email_domain' },
        { label: 'Email address (case and +tag ignored)', value: 'email' },
        { label: 'IP address or CIDR block', value: 'ip' },
      ] satisfies Array<{ label: string; value: (typeof SCREENING_KINDS)[number] }>,
    },
    { name: 'value', type: 'text', required: true, maxLength: 320 },
    {
      name: 'effect',
      type: 'select',
      required: true,
      options: SCREENING_EFFECTS.map((value) => ({
        label: value === 'block' ? 'Block the sign-up' : 'Require approval',
        value,
      })),
    },
    { name: 'note', type: 'text', maxLength: 500 },
    {
      name: 'expiresAt',
      type: 'date',
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' }, description: 'Empty: never. Past: no longer applies.' },
    },
  ],
}
