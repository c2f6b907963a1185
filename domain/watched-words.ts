// The vocabulary of watched words and new-member limits (docs/moderation.md "5. Watched words and new members").

/** Strongest first: of the effects a text meets, the first in this list decides (censor applies besides). */
export const WATCHED_EFFECTS = ['block', 'require_approval', 'flag', 'censor'] as const
export type WatchedEffect = (typeof WATCHED_EFFECTS)[number]

export const PATTERN_MAX_LENGTH = 100
export const DEFAULT_REPLACEMENT = '***'

/** Each new-member setting is a whole number in this range; 0 switches it off. */
export const SETTING_MAX = 1000

/** `held_as` of a held item, and the reason a moderated one carries. */
export const WATCHED_WORD_REASON = 'watched_word'

/** Where a text is written: items and comments meet every effect, profiles and booking messages only these. */
export const LIMITED_EFFECTS: readonly WatchedEffect[] = ['block', 'censor']
