/**
 * Inputs that have taken servers down, shared by the generated security suites and the tests of the fixes, so a new
 * route or rule field meets them without a test of its own.
 */

/**
 * Regular expressions that backtracking engines take exponential time over: the security review's (the first five
 * got past the old safe-regex check) and the classics.
 */
export const CATASTROPHIC_PATTERNS = [
  '(a|a)*$',
  '(a|aa)+$',
  '^([a-z0-9]|[a-z])*$',
  '(\\w|\\d)*#$',
  '^(a|ab|abc)*$',
  '(a+)+$',
  '(a*)*$',
  '(.*a){20}',
  '([a-zA-Z]+)*$',
  '(a|a?)+$',
  '(\\d+)*x',
  '^(\\w+\\s?)*$',
  '(x+x+)+y',
  '(.*){1,32000}[bc]',
];

/** Texts of `length` characters that drive backtracking engines to try every way: a long run, then a misfit. */
export const backtrackingTexts = (length: number) => [
  `${'a'.repeat(length - 1)}#`,
  `${'1'.repeat(length - 1)}!`,
  'x'.repeat(length),
  `${'ab '.repeat(length).slice(0, length - 1)}!`,
];
