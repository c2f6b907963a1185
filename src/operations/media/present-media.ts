// The one mapping between a service-media document (read with `locale: 'all'`)
// and the API's shape. `url` is the path the file is served at (what the upload
// answers); `contentUrl` is the same file as an absolute URL on PUBLIC_URL.
import { settings } from '../../lib/settings'
import { type Localized, presentLocalized } from '../catalogue/localized'

type Doc = Record<string, unknown>

export interface MediaView {
  id: string
  url: string
  contentUrl: string
  type: string
  encodingFormat: string
  width: string | null
  height: string | null
  duration: string | null
  license: string | null
  copyrightHolder: string | null
  caption: Localized
  description: Localized
  alt: Localized
  thumbnailUrl: string
  filename: string
  filesize: number
  createdAt: string
  updatedAt: string
}

/** Path of a stored file as Payload serves it (local folder and S3 alike). */
export const filePath = (filename: string) => `/api/service-media/file/${encodeURIComponent(filename)}`

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
const dimension = (value: unknown) => (typeof value === 'number' && value > 0 ? String(value) : null)

export function presentMedia(doc: Doc): MediaView {
  const filename = String(doc.filename)
  const url = filePath(filename)
  const thumbnail = (doc.sizes as { thumbnail?: { filename?: string | null } } | undefined)?.thumbnail?.filename
  return {
    id: String(doc.id),
    url,
    contentUrl: `${settings().publicUrl}${url}`,
    type: (doc.type as string) ?? 'image',
    encodingFormat: (doc.encodingFormat as string) ?? (doc.mimeType as string),
    width: dimension(doc.width),
    height: dimension(doc.height),
    duration: text(doc.duration),
    license: text(doc.license),
    copyrightHolder: text(doc.copyrightHolder),
    caption: presentLocalized(doc.caption),
    description: presentLocalized(doc.description),
    alt: presentLocalized(doc.alt),
    // An SVG scales: it is its own thumbnail (sharp makes one for every raster image).
    thumbnailUrl: thumbnail ? filePath(thumbnail) : url,
    filename,
    filesize: Number(doc.filesize ?? 0),
    createdAt: doc.createdAt as string,
    updatedAt: doc.updatedAt as string,
  }
}
