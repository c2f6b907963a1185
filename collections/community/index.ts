// The eleven content collections of docs/api.md "Community content", each built by ./contentCollection.ts.
// One list for the Payload config (../index.ts) and for what documents them without loading
// every collection (the OpenAPI reference, endpoints/community/openapi-content.ts): a
// module that reads the whole config at import would freeze settings tests set later
// (MEDIA_DIR is read when the media collections load).
import type { CollectionConfig } from 'payload'

import { Articles } from '../Articles'
import { Classifieds } from '../Classifieds'
import { Comments } from '../Comments/index'
import { Events } from '../Events'
import { ForumPosts } from '../ForumPosts/index'
import { ForumThreads } from '../ForumThreads/index'
import { Galleries } from '../Galleries'
import { Groups } from '../Groups'
import { Places } from '../Places'
import { Products } from '../Products'
import { Reviews } from '../Reviews/index'

export const COMMUNITY_CONTENT_COLLECTIONS: CollectionConfig[] = [
  Reviews,
  Comments,
  ForumThreads,
  ForumPosts,
  Classifieds,
  Places,
  Articles,
  Events,
  Groups,
  Galleries,
  Products,
]
