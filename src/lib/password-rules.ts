// The password rule: at least 10 characters with an uppercase letter, a lowercase letter,
// a digit and a special character. One check shared by create-admin, sign-up and reset.
// The 128-character cap bounds the hashing work a single request can ask for.
export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 128

const RULES: Array<[test: RegExp, needs: string]> = [
  [/\p{Lu}/u, 'an uppercase letter'],
  [/\p{Ll}/u, 'a lowercase letter'],
  [/\p{Nd}/u, 'a digit'],
  // Anything that is neither a letter, a digit nor white space counts as special.
  [/[^\p{L}\p{N}\s]/u, 'a special character'],
]

/** What the rules ask for, in words (GET /api/auth-client/config shows them to apps). */
export const PASSWORD_RULE_NAMES: readonly string[] = RULES.map(([, needs]) => needs)

/** null when `password` meets the rules, else one sentence naming every rule it misses. */
export function checkPasswordRules(password: string): string | null {
  const length = [...password].length
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`
  const missing: string[] = []
  if (length < PASSWORD_MIN_LENGTH) missing.push(`at least ${PASSWORD_MIN_LENGTH} characters`)
  for (const [test, needs] of RULES) if (!test.test(password)) missing.push(needs)
  return missing.length === 0 ? null : `Password must contain ${missing.join(', ')}`
}
