// One builder for every community content type (docs/api.md "Community content"): the author and status
// fields, access, the author/status hook, the status guard, audit, DELETE semantics and the
// error codes all come from the type's registry entry (domain/content-types.ts); a collection file adds
// only its own fields and hooks.
import type { CollectionConfig, Field } from 'payload'

import { contentEditors, contentRemovers, visibleContent } from '../../access/community'
import { nobody } from '../../access/nobody'
import { signedIn } from '../../access/signedIn'
import type { DocumentPrefix } from '../../domain/audit-actions'
import { CONTENT_TYPES, type ContentTypeName } from '../../domain/content-types'
import { hasRole } from '../../domain/permissions'
import { forceAuthorAndStatus } from '../../hooks/community/forceAuthorAndStatus'
import { guardChange } from '../../hooks/community/guardChange'
import { signInToCreate } from '../../hooks/community/signInToCreate'
import { softDeleteEndpoint } from '../../hooks/community/softDelete'
import { auditHooks } from '../../hooks/shared/audit'
import { webhookEventHooks } from '../../hooks/shared/webhookEvents'
import { AUTHOR_NAME, authorNameField } from '../authorName'
import { versioned, type VersioningOptions } from '../versioning'
import { approvalField } from './approvalField'
import { platformOnly } from './fields'
import { heldForField, watchedWordHooks } from './watchedWords'

/** `custom` key marking a collection built here (its value: the registry name), for the OpenAPI reference. */
export const COMMUNITY_CONTENT = 'communityContent'

export interface ContentCollectionOptions {
  /** Audit action prefix: `<prefix>.create|update|delete`. */
  auditPrefix: DocumentPrefix
  fields: Field[]
  hooks?: CollectionConfig['hooks']
  admin?: CollectionConfig['admin']
  indexes?: CollectionConfig['indexes']
  defaultSort?: CollectionConfig['defaultSort']
  /** Drafts and scheduled publishing beside the history every type keeps (docs/api.md "History"). */
  versions?: VersioningOptions
}

export function contentCollection(name: ContentTypeName, options: ContentCollectionOptions): CollectionConfig {
  return versioned(contentCollectionOf(name, options), options.versions)
}

function contentCollectionOf(name: ContentTypeName, options: ContentCollectionOptions): CollectionConfig {
  const type = CONTENT_TYPES[name]
  const softDeletes = (type.statuses as readonly string[]).includes('deleted')
  const audit = auditHooks(options.auditPrefix)
  // docs/api.md "Webhooks (/api/admin/webhooks)" content.created: the item with its community type name.
  const events = webhookEventHooks({ create: 'content.created', present: (doc) => ({ postType: name, ...doc }) })
  const own = options.hooks ?? {}
  const words = watchedWordHooks(name)
  return {
    slug: type.collection,
    custom: { [COMMUNITY_CONTENT]: name },
    admin: { defaultColumns: ['id', 'status', AUTHOR_NAME, 'createdAt'], ...options.admin },
    access: {
      read: visibleContent(type),
      create: signedIn,
      update: contentEditors(type),
      // Soft-deleting types are deleted by DELETE /:id (softDeleteEndpoint) as an update;
      // nobody removes their rows over HTTP (bulk DELETE included).
      delete: softDeletes ? nobody : contentRemovers(type),
    },
    defaultSort: options.defaultSort ?? '-createdAt',
    indexes: options.indexes,
    endpoints: softDeletes ? [softDeleteEndpoint(type)] : [],
    hooks: {
      ...own,
      beforeOperation: [signInToCreate, ...(own.beforeOperation ?? [])],
      beforeValidate: [forceAuthorAndStatus(type), ...(own.beforeValidate ?? [])],
      beforeChange: [guardChange(type), words.beforeChange, ...(own.beforeChange ?? [])],
      afterChange: [...(own.afterChange ?? []), words.afterChange, audit.afterChange, events.afterChange],
      afterDelete: [...(own.afterDelete ?? []), audit.afterDelete],
    },
    fields: [
      // Not required in the schema: a deleted account leaves its content, authorless. Shown to
      // admins only: a moderator may not read users, so it would read "Untitled - ID: …".
      {
        name: type.authorField,
        // Beside `authorName` (labelled "Author"), which admins see too.
        label: 'Author account',
        type: 'relationship',
        relationTo: 'users',
        index: true,
        maxDepth: 0,
        access: { update: platformOnly },
        admin: { readOnly: true, condition: (_data, _siblingData, { user }) => hasRole(user, 'admin') },
      },
      // What the people who moderate see of the author instead
      // (docs/decisions.md "Author names are denormalised for moderators"), kept
      // in step with the account by the users collection's hooks like every
      // author name.
      authorNameField(type.authorField),
      ...options.fields,
      {
        name: type.statusField,
        type: 'select',
        required: true,
        index: true,
        defaultValue: type.statuses[0],
        options: [...type.statuses],
      },
      ...approvalField(name, type),
      heldForField(name),
    ],
  }
}
