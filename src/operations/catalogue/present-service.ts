// The one mapping between a service document and the API's shape (ids as plain
// strings, `categoryId` for the `category` relationship…), and back from API input.
import { idOf } from '../../../domain/ids'
import { type Localized, presentLocalized } from './localized'
import { type Rating, ratingOf } from './rating'

export interface TranslationView {
  inLanguage: string
  title: string
  description: string | null
  shortDescription: string | null
  seoTitle: string | null
  seoDescription: string | null
}

export interface MediaLinkView {
  mediaId: string
  type: 'cover' | 'gallery'
  position: number
}

export interface CategorySummary {
  id: string
  name: Localized
  slug: string
}

export interface ServiceView {
  id: string
  slug: string
  categoryId: string | null
  providerId: string
  organizationId: string | null
  status: string
  basePrice: string | null
  priceType: string | null
  currency: string
  durationMinutes: number | null
  isMobile: boolean
  maxParticipants: number | null
  bookingAdvanceHours: number | null
  cancellationHours: number | null
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  maxBookingsPerDay: number | null
  seatsPerSlot: number
  isFeatured: boolean
  displayInHome: boolean
  allowReviews: boolean
  /** Over the published reviews (docs/api.md "Community content"). */
  rating: Rating
  inLanguage: string | null
  translations: Array<TranslationView | Pick<TranslationView, 'inLanguage' | 'title'>>
  media: MediaLinkView[]
  category: CategorySummary | null
  createdAt: string
  updatedAt: string
}

export interface TranslationInput {
  inLanguage: string
  title: string
  description?: string | null
  shortDescription?: string | null
  seoTitle?: string | null
  seoDescription?: string | null
}

export interface MediaLinkInput {
  mediaId: string
  type?: 'cover' | 'gallery'
  position?: number
}

/** API input for create and update (update sends any subset). */
export interface ServiceInput {
  slug?: string
  categoryId?: string | null
  providerId?: string
  organizationId?: string | null
  status?: string
  basePrice?: string | null
  priceType?: string | null
  currency?: string
  durationMinutes?: number | null
  isMobile?: boolean
  maxParticipants?: number | null
  bookingAdvanceHours?: number | null
  cancellationHours?: number | null
  bufferBeforeMinutes?: number
  bufferAfterMinutes?: number
  maxBookingsPerDay?: number | null
  seatsPerSlot?: number
  isFeatured?: boolean
  displayInHome?: boolean
  allowReviews?: boolean
  inLanguage?: string | null
  translations?: TranslationInput[]
  media?: MediaLinkInput[]
}

type Doc = Record<string, unknown>

const PLAIN_FIELDS = [
  'slug',
  'status',
  'basePrice',
  'priceType',
  'currency',
  'durationMinutes',
  'isMobile',
  'maxParticipants',
  'bookingAdvanceHours',
  'cancellationHours',
  'bufferBeforeMinutes',
  'bufferAfterMinutes',
  'maxBookingsPerDay',
  'seatsPerSlot',
  'isFeatured',
  'displayInHome',
  'allowReviews',
  'inLanguage',
] as const

/** Fields a copy takes from its source (everything the API shows except identity and slug). */
export const COPIED_FIELDS = [
  ...PLAIN_FIELDS.filter((key) => key !== 'slug' && key !== 'status'),
  'category',
  'provider',
  'organization',
] as const

export function presentCategorySummary(doc: Doc | undefined | null): CategorySummary | null {
  return doc ? { id: String(doc.id), name: presentLocalized(doc.name), slug: doc.slug as string } : null
}

export function presentService(
  doc: Doc,
  options: { category?: Doc | null; fullTranslations?: boolean } = {},
): ServiceView {
  const rows = (doc.translations ?? []) as Doc[]
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  return {
    id: String(doc.id),
    slug: doc.slug as string,
    categoryId: idOf(doc.category),
    providerId: idOf(doc.provider) as string,
    organizationId: idOf(doc.organization),
    status: doc.status as string,
    basePrice: text(doc.basePrice),
    priceType: text(doc.priceType),
    currency: doc.currency as string,
    durationMinutes: (doc.durationMinutes as number | null) ?? null,
    isMobile: Boolean(doc.isMobile),
    maxParticipants: (doc.maxParticipants as number | null) ?? null,
    bookingAdvanceHours: (doc.bookingAdvanceHours as number | null) ?? null,
    cancellationHours: (doc.cancellationHours as number | null) ?? null,
    bufferBeforeMinutes: Number(doc.bufferBeforeMinutes ?? 0),
    bufferAfterMinutes: Number(doc.bufferAfterMinutes ?? 0),
    maxBookingsPerDay: (doc.maxBookingsPerDay as number | null) ?? null,
    seatsPerSlot: Number(doc.seatsPerSlot ?? 1),
    isFeatured: Boolean(doc.isFeatured),
    displayInHome: Boolean(doc.displayInHome),
    allowReviews: Boolean(doc.allowReviews),
    rating: ratingOf(doc.ratingSum, doc.ratingCount),
    inLanguage: text(doc.inLanguage),
    translations: rows.map((row) =>
      options.fullTranslations
        ? {
            inLanguage: row.inLanguage as string,
            title: row.title as string,
            description: text(row.description),
            shortDescription: text(row.shortDescription),
            seoTitle: text(row.seoTitle),
            seoDescription: text(row.seoDescription),
          }
        : { inLanguage: row.inLanguage as string, title: row.title as string },
    ),
    // A link whose file was deleted has no media left to show.
    media: ((doc.media ?? []) as Doc[])
      .filter((row) => idOf(row.file))
      .map((row) => ({
        mediaId: idOf(row.file) as string,
        type: row.type as MediaLinkView['type'],
        position: (row.position as number) ?? 0,
      })),
    category: presentCategorySummary(options.category),
    createdAt: doc.createdAt as string,
    updatedAt: doc.updatedAt as string,
  }
}

/** API input → Payload data; absent keys stay absent (an update leaves them alone). */
export function serviceData(input: ServiceInput): Doc {
  const data: Doc = {}
  for (const key of PLAIN_FIELDS) if (input[key] !== undefined) data[key] = input[key]
  if (input.categoryId !== undefined) data.category = input.categoryId
  if (input.providerId !== undefined) data.provider = input.providerId
  if (input.organizationId !== undefined) data.organization = input.organizationId
  if (input.translations !== undefined) data.translations = input.translations.map((row) => ({ ...row }))
  if (input.media !== undefined) {
    data.media = input.media.map((link, index) => ({
      file: link.mediaId,
      type: link.type ?? 'gallery',
      position: link.position ?? index,
    }))
  }
  return data
}

/** A document's arrays without their row ids, ready to be written again (a copy). */
export function copyRows(rows: unknown): Doc[] {
  return ((rows ?? []) as Doc[]).map(({ id: _id, ...row }) => ({
    ...row,
    ...('file' in row ? { file: idOf(row.file) } : {}),
  }))
}
