// The one mapping between a category document (read with `locale: 'all'`) and the API's shape, and back
// from API input to Payload data.
import { idOf } from '../../../domain/ids'
import { type Localized, presentLocalized } from './localized'

export const LOCALIZED_CATEGORY_FIELDS = ['name', 'description', 'seoTitle', 'seoDescription'] as const
export type LocalizedCategoryField = (typeof LOCALIZED_CATEGORY_FIELDS)[number]

export interface CategoryView {
  id: string
  slug: string
  name: Localized
  description: Localized
  icon: string | null
  featuredImageId: string | null
  parentId: string | null
  sortOrder: number
  displayInHome: boolean
  displayInMenu: boolean
  isActive: boolean
  isFeatured: boolean
  seoTitle: Localized
  seoDescription: Localized
  createdAt: string
  updatedAt: string
  serviceCount?: number
}

/** API input for create and update (update sends any subset). */
export interface CategoryInput {
  slug?: string
  name?: Record<string, string>
  description?: Record<string, string | null>
  seoTitle?: Record<string, string | null>
  seoDescription?: Record<string, string | null>
  icon?: string | null
  featuredImageId?: string | null
  parentId?: string | null
  sortOrder?: number
  displayInHome?: boolean
  displayInMenu?: boolean
  isActive?: boolean
  isFeatured?: boolean
}

type Doc = Record<string, unknown>

export function presentCategory(doc: Doc, extra: { serviceCount?: number } = {}): CategoryView {
  return {
    id: String(doc.id),
    slug: doc.slug as string,
    name: presentLocalized(doc.name),
    description: presentLocalized(doc.description),
    icon: (doc.icon as string | null) ?? null,
    featuredImageId: idOf(doc.featuredImage),
    parentId: idOf(doc.parent),
    sortOrder: (doc.sortOrder as number) ?? 0,
    displayInHome: Boolean(doc.displayInHome),
    displayInMenu: Boolean(doc.displayInMenu),
    isActive: Boolean(doc.isActive),
    isFeatured: Boolean(doc.isFeatured),
    seoTitle: presentLocalized(doc.seoTitle),
    seoDescription: presentLocalized(doc.seoDescription),
    createdAt: doc.createdAt as string,
    updatedAt: doc.updatedAt as string,
    ...extra,
  }
}

/** The non-localized part of the input as Payload data (ids to relationship fields). */
export function categoryData(input: CategoryInput): Doc {
  const data: Doc = {}
  const copy = ['slug', 'icon', 'sortOrder', 'displayInHome', 'displayInMenu', 'isActive', 'isFeatured'] as const
  for (const key of copy) if (input[key] !== undefined) data[key] = input[key]
  if (input.parentId !== undefined) data.parent = input.parentId
  if (input.featuredImageId !== undefined) data.featuredImage = input.featuredImageId
  return data
}
