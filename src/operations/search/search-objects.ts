import { CONTENT_TYPES } from '../../../domain/content-types'
import type { RequiredFunction, RequiredTrigger } from '../../lib/postgres/required-objects'

// The search index (docs/api.md "Search") is kept by triggers on the tables it reads, in the writing
// statement's transaction: every writer (Payload's hooks, the operations, the expiry job, SQL by hand)
// keeps it current without a call of its own. One row per item and language (community items carry no language:
// one row, locale ''); the row's configuration draws its snippet.

/** Content language → the text search configuration (the language's stemmer behind `unaccent`). */
export const SEARCH_CONFIGS = {
  en: 'search_english',
  fr: 'search_french',
  de: 'search_german',
  es: 'search_spanish',
  it: 'search_italian',
  nl: 'search_dutch',
} as const
/** Words of any other language: no stemming, accents still ignored. */
export const SIMPLE_CONFIG = 'search_simple'
const ALL_CONFIGS = [...Object.values(SEARCH_CONFIGS), SIMPLE_CONFIG]

/** The index's name for each community type (the `type` of an answer) and what it reads from its table. */
interface CommunitySource {
  table: string
  title: string
  body: string
}
export const COMMUNITY_SOURCES = {
  reviews: { table: 'reviews', title: 'left(body, 80)', body: 'body' },
  comments: { table: 'comments', title: 'left(body, 80)', body: 'body' },
  forumThreads: { table: 'forum_threads', title: 'title', body: 'body' },
  forumPosts: { table: 'forum_posts', title: 'left(body, 80)', body: 'body' },
  classifieds: { table: 'classifieds', title: 'title', body: "concat_ws(' ', description, location)" },
  places: { table: 'places', title: 'name', body: "concat_ws(' ', description, address)" },
  articles: { table: 'articles', title: 'title', body: "concat_ws(' ', excerpt, community_search_rich_text(body))" },
  events: { table: 'events', title: 'title', body: 'description' },
  groups: { table: 'groups', title: 'name', body: 'description' },
  galleries: { table: 'galleries', title: 'title', body: 'description' },
  products: { table: 'products', title: 'title', body: 'description' },
} as const satisfies Partial<Record<keyof typeof CONTENT_TYPES, CommunitySource>>
export type CommunitySearchType = keyof typeof COMMUNITY_SOURCES

export const CATALOGUE_SEARCH_TYPES = ['service', 'category', 'blog_post'] as const
export const SEARCH_TYPES = [...CATALOGUE_SEARCH_TYPES, ...(Object.keys(COMMUNITY_SOURCES) as CommunitySearchType[])]
export type SearchType = (typeof SEARCH_TYPES)[number]

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ')

export const SEARCH_CONFIG_FUNCTION: RequiredFunction = {
  name: 'community_search_config',
  parameters: [['language', 'text']],
  returns: 'regconfig',
  volatility: 'IMMUTABLE',
  body: `
  BEGIN
    RETURN CASE lower(split_part(language, '-', 1))
      ${Object.entries(SEARCH_CONFIGS)
        .map(([code, config]) => `WHEN '${code}' THEN '${config}'::regconfig`)
        .join('\n      ')}
      ELSE '${SIMPLE_CONFIG}'::regconfig
    END;
  END `,
}

/** The words of a Lexical rich text document, in order. */
export const SEARCH_RICH_TEXT_FUNCTION: RequiredFunction = {
  name: 'community_search_rich_text',
  parameters: [['document', 'jsonb']],
  returns: 'text',
  volatility: 'IMMUTABLE',
  body: `
  BEGIN
    RETURN (SELECT string_agg(node #>> '{}', ' ') FROM jsonb_path_query(document, 'strict $.**.text') node);
  END `,
}

/**
 * The title weighs more than the text; under every configuration, whatever the row's language: the
 * query is OR-ed over them too (community_search_query), so `-word` excludes an item in each branch.
 * One configuration's words after the other's: ranked by cover density (ts_rank_cd), which a word
 * met in several configurations does not push past its neighbours.
 */
export const SEARCH_VECTOR_FUNCTION: RequiredFunction = {
  name: 'community_search_vector',
  parameters: [
    ['title', 'text'],
    ['body', 'text'],
  ],
  returns: 'tsvector',
  volatility: 'IMMUTABLE',
  body: `
  BEGIN
    RETURN ${ALL_CONFIGS.map(
      (config) => `setweight(to_tsvector('${config}', coalesce(title, '')), 'A')
      || setweight(to_tsvector('${config}', coalesce(body, '')), 'B')`,
    ).join('\n      || ')};
  END `,
}

/**
 * The query in every configuration, OR-ed: web-search syntax for \`rest\`, and \`prefix\` (a
 * to_tsquery text such as \`'vel':*\`, or empty) AND-ed to each as the word being typed.
 */
export const SEARCH_QUERY_FUNCTION: RequiredFunction = {
  name: 'community_search_query',
  parameters: [
    ['rest', 'text'],
    ['prefix', 'text'],
  ],
  returns: 'tsquery',
  volatility: 'STABLE',
  body: `
  DECLARE
    each regconfig;
    part tsquery;
    seen text[] := '{}';
    result tsquery := ''::tsquery;
  BEGIN
    FOREACH each IN ARRAY ARRAY[${list(ALL_CONFIGS)}]::regconfig[]
    LOOP
      part := websearch_to_tsquery(each, rest);
      IF prefix <> '' THEN
        part := part && to_tsquery(each, prefix);
      END IF;
      -- Each branch once: most words stem alike in several languages, and repeats would skew the rank.
      IF numnode(part) > 0 AND NOT part::text = ANY(seen) THEN
        seen := seen || part::text;
        result := CASE WHEN numnode(result) = 0 THEN part ELSE result || part END;
      END IF;
    END LOOP;
    RETURN result;
  END `,
}

const communityInsert = (type: CommunitySearchType): string => {
  const source = COMMUNITY_SOURCES[type]
  const registry = CONTENT_TYPES[type]
  const expiry = type === 'classifieds' ? "coalesce(expires_at, '-infinity')" : 'NULL::timestamptz'
  return `
    ELSIF kind = '${type}' THEN
      INSERT INTO search_index (type, item_id, locale, config, title, body, slug, community, public, author_id,
          visible_until, created_at, vector)
        SELECT '${type}', id, '', NULL, ${source.title}, ${source.body}, NULL, true,
            status::text IN (${list(registry.publicStatuses)}), ${registry.authorField}_id, ${expiry}, created_at,
            community_search_vector(${source.title}, ${source.body})
          FROM ${source.table} WHERE id = ANY(items);`
}

/**
 * Rewrites the index rows of `items` of one type from the source tables: what a source no longer
 * has (a removed item, a removed translation) leaves the index with it.
 */
export const SEARCH_REFRESH_FUNCTION: RequiredFunction = {
  name: 'community_search_refresh',
  parameters: [
    ['kind', 'text'],
    ['items', 'uuid[]'],
  ],
  returns: 'void',
  volatility: 'VOLATILE',
  body: `
  BEGIN
    DELETE FROM search_index WHERE type = kind AND item_id = ANY(items);
    IF kind = 'service' THEN
      INSERT INTO search_index (type, item_id, locale, config, title, body, slug, community, public, author_id,
          visible_until, created_at, vector)
        SELECT DISTINCT ON (s.id, t.in_language) 'service', s.id, t.in_language,
            community_search_config(t.in_language), t.title, concat_ws(' ', t.short_description, t.description),
            s.slug, false, s.status::text = 'active', NULL, NULL, s.created_at,
            community_search_vector(t.title, concat_ws(' ', t.short_description, t.description))
          FROM service_listings s JOIN service_listings_translations t ON t._parent_id = s.id
         WHERE s.id = ANY(items) AND t.in_language IS NOT NULL
         ORDER BY s.id, t.in_language, t._order;
    ELSIF kind = 'category' THEN
      INSERT INTO search_index (type, item_id, locale, config, title, body, slug, community, public, author_id,
          visible_until, created_at, vector)
        SELECT 'category', c.id, l._locale::text, community_search_config(l._locale::text), l.name, l.description,
            c.slug, false, c.is_active, NULL, NULL, c.created_at,
            community_search_vector(l.name, l.description)
          FROM service_categories c JOIN service_categories_locales l ON l._parent_id = c.id
         WHERE c.id = ANY(items);
    ELSIF kind = 'blog_post' THEN
      INSERT INTO search_index (type, item_id, locale, config, title, body, slug, community, public, author_id,
          visible_until, created_at, vector)
        SELECT 'blog_post', p.id, l._locale::text, community_search_config(l._locale::text), l.title,
            concat_ws(' ', l.excerpt, community_search_rich_text(l.body)), p.slug, false,
            p.status::text = 'published', NULL, NULL, p.created_at,
            community_search_vector(l.title, concat_ws(' ', l.excerpt, community_search_rich_text(l.body)))
          FROM blog_posts p JOIN blog_posts_locales l ON l._parent_id = p.id
         WHERE p.id = ANY(items) AND l.title IS NOT NULL;${(Object.keys(COMMUNITY_SOURCES) as CommunitySearchType[])
           .map(communityInsert)
           .join('')}
    END IF;
  END `,
}

/**
 * Statement-level, with transition tables: a bulk write refreshes its items in one call. The
 * arguments name the index type and whether the table's rows are the items (`self`) or their
 * translations (`parent`).
 */
export const SEARCH_TRACK_FUNCTION: RequiredFunction = {
  name: 'community_search_track',
  parameters: [],
  returns: 'trigger',
  volatility: 'VOLATILE',
  body: `
  BEGIN
    -- Each branch names only the transition table its event has (plpgsql plans a statement
    -- when it first runs it).
    IF TG_OP = 'TRUNCATE' AND TG_ARGV[1] = 'self' THEN
      DELETE FROM search_index WHERE type = TG_ARGV[0];
    ELSIF TG_OP = 'TRUNCATE' THEN
      PERFORM community_search_refresh(TG_ARGV[0], ARRAY(SELECT item_id FROM search_index WHERE type = TG_ARGV[0]));
    ELSIF TG_OP = 'DELETE' AND TG_ARGV[1] = 'self' THEN
      DELETE FROM search_index WHERE type = TG_ARGV[0] AND item_id IN (SELECT id FROM old_rows);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM community_search_refresh(TG_ARGV[0], ARRAY(SELECT DISTINCT _parent_id FROM old_rows));
    ELSIF TG_OP = 'UPDATE' AND TG_ARGV[1] = 'self' THEN
      -- Only the rows whose indexed columns changed: a thread's post counter moves at every post.
      PERFORM community_search_refresh(TG_ARGV[0], ARRAY(
        SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
         WHERE o.id IS NULL OR to_jsonb(n) - TG_ARGV[2]::text[] IS DISTINCT FROM to_jsonb(o) - TG_ARGV[2]::text[]
        UNION SELECT o.id FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id)));
    ELSIF TG_ARGV[1] = 'self' THEN
      PERFORM community_search_refresh(TG_ARGV[0], ARRAY(SELECT id FROM new_rows));
    ELSE
      PERFORM community_search_refresh(TG_ARGV[0], ARRAY(SELECT DISTINCT _parent_id FROM new_rows));
    END IF;
    RETURN NULL;
  END `,
}

interface TrackedTable {
  table: string
  type: SearchType
  rows: 'self' | 'parent'
  /** Columns no index row reads besides `updated_at`: an update of these alone leaves the index as it is. */
  unindexed?: string[]
}
export const SEARCH_TRACKED_TABLES: TrackedTable[] = [
  { table: 'service_listings', type: 'service', rows: 'self' },
  { table: 'service_listings_translations', type: 'service', rows: 'parent' },
  { table: 'service_categories', type: 'category', rows: 'self' },
  { table: 'service_categories_locales', type: 'category', rows: 'parent' },
  { table: 'blog_posts', type: 'blog_post', rows: 'self' },
  { table: 'blog_posts_locales', type: 'blog_post', rows: 'parent' },
  ...(Object.entries(COMMUNITY_SOURCES) as Array<[CommunitySearchType, CommunitySource]>).map(([type, source]) => ({
    table: source.table,
    type,
    rows: 'self' as const,
    ...(type === 'forumThreads' ? { unindexed: ['post_count', 'last_post_at', 'pinned'] } : {}),
  })),
]
const EVENTS = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'] as const
export const searchTriggerName = (table: string, event: string) => `${table}_search_${event.toLowerCase()}`

export const SEARCH_FUNCTIONS = [
  SEARCH_CONFIG_FUNCTION,
  SEARCH_RICH_TEXT_FUNCTION,
  SEARCH_VECTOR_FUNCTION,
  SEARCH_QUERY_FUNCTION,
  SEARCH_REFRESH_FUNCTION,
  SEARCH_TRACK_FUNCTION,
]

export const SEARCH_TRIGGERS: RequiredTrigger[] = SEARCH_TRACKED_TABLES.flatMap(({ table }) =>
  EVENTS.map((event) => ({ name: searchTriggerName(table, event), table, function: SEARCH_TRACK_FUNCTION.name })),
)

/** The configurations (each language's stemmer after `unaccent`) and the table, for the migration. */
export const createSearchSchema = () => `
  CREATE EXTENSION IF NOT EXISTS unaccent;
  ${Object.values(SEARCH_CONFIGS)
    .map(
      (config) => `CREATE TEXT SEARCH CONFIGURATION ${config} (COPY = ${config.replace('search_', '')});
  ALTER TEXT SEARCH CONFIGURATION ${config} ALTER MAPPING FOR hword, hword_part, word
    WITH unaccent, ${config.replace('search_', '')}_stem;`,
    )
    .join('\n  ')}
  CREATE TEXT SEARCH CONFIGURATION ${SIMPLE_CONFIG} (COPY = simple);
  ALTER TEXT SEARCH CONFIGURATION ${SIMPLE_CONFIG} ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  CREATE TABLE search_index (
    type text NOT NULL,
    item_id uuid NOT NULL,
    locale text NOT NULL,
    config regconfig,
    title text,
    body text,
    slug text,
    community boolean NOT NULL,
    public boolean NOT NULL,
    author_id uuid,
    visible_until timestamptz,
    created_at timestamptz NOT NULL,
    vector tsvector NOT NULL,
    PRIMARY KEY (type, item_id, locale)
  );
  CREATE INDEX search_index_vector ON search_index USING gin (vector);
  CREATE INDEX search_index_author ON search_index (author_id) WHERE author_id IS NOT NULL;`

const TRANSITIONS: Record<(typeof EVENTS)[number], string> = {
  INSERT: '\n    REFERENCING NEW TABLE AS new_rows',
  UPDATE: '\n    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
  DELETE: '\n    REFERENCING OLD TABLE AS old_rows',
  TRUNCATE: '',
}

const createTrigger = ({ table, type, rows, unindexed = [] }: TrackedTable, event: (typeof EVENTS)[number]) => {
  const skipped = `{${['updated_at', ...unindexed].join(',')}}`
  return `CREATE TRIGGER "${searchTriggerName(table, event)}" AFTER ${event} ON "${table}"${TRANSITIONS[event]}
    FOR EACH STATEMENT EXECUTE FUNCTION ${SEARCH_TRACK_FUNCTION.name}('${type}', '${rows}', '${skipped}');`
}

export const createSearchTriggers = () =>
  SEARCH_TRACKED_TABLES.flatMap((tracked) => EVENTS.map((event) => createTrigger(tracked, event))).join('\n  ')

/** The UPDATE triggers again (both transition tables, the unindexed columns), for a migration. */
export const recreateSearchUpdateTriggers = () =>
  SEARCH_TRACKED_TABLES.map(
    (tracked) => `DROP TRIGGER IF EXISTS "${searchTriggerName(tracked.table, 'UPDATE')}" ON "${tracked.table}";
  ${createTrigger(tracked, 'UPDATE')}`,
  ).join('\n  ')

/** Fills the index from what is there (the migration, on a database that already has content). */
export const fillSearchIndex = () =>
  SEARCH_TRACKED_TABLES.filter(({ rows }) => rows === 'self')
    .map(({ table, type }) => `SELECT community_search_refresh('${type}', ARRAY(SELECT id FROM "${table}"));`)
    .join('\n  ')

export const dropSearch = () =>
  [
    ...SEARCH_TRACKED_TABLES.flatMap(({ table }) =>
      EVENTS.map((event) => `DROP TRIGGER IF EXISTS "${searchTriggerName(table, event)}" ON "${table}";`),
    ),
    'DROP TABLE IF EXISTS search_index;',
    ...[...SEARCH_FUNCTIONS]
      .reverse()
      .map((fn) => `DROP FUNCTION IF EXISTS "${fn.name}"(${fn.parameters.map(([, type]) => type).join(', ')});`),
    ...ALL_CONFIGS.map((config) => `DROP TEXT SEARCH CONFIGURATION IF EXISTS ${config};`),
  ].join('\n  ')

/** The collection whose documents a search type's results are. */
export function searchCollection(type: SearchType): string {
  if (type === 'service') return 'service-listings'
  if (type === 'category') return 'service-categories'
  if (type === 'blog_post') return 'blog-posts'
  return CONTENT_TYPES[type].collection
}
